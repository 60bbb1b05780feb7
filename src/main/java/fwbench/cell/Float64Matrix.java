package fwbench.cell;

import fwbench.graph.Distances;

import java.nio.ByteBuffer;

/** float64 distances, +infinity for no path; written as their raw bits, read back bit for bit. */
record Float64Matrix(int n, double[] values) implements DistanceMatrix {

    Float64Matrix {
        SquareCells.require(n, values.length);
    }

    @Override
    public CellType cells() {
        return CellType.FLOAT64;
    }

    @Override
    public boolean reachable(int cell) {
        return values[cell] != Double.POSITIVE_INFINITY;
    }

    @Override
    public double value(int cell) {
        return values[cell];
    }

    /** Double.toString reads back to the same double. */
    @Override
    public String text(int cell) {
        return reachable(cell) ? Double.toString(values[cell]) : Distances.NO_PATH_TEXT;
    }

    @Override
    public long bits(int cell) {
        return Double.doubleToRawLongBits(values[cell]);
    }

    @Override
    public boolean parse(int cell, String token) {
        if (token.equalsIgnoreCase(Distances.NO_PATH_TEXT)) {
            values[cell] = Double.POSITIVE_INFINITY;
            return true;
        }
        double v = Double.parseDouble(token);  // Double.toString's text back to the same double
        if (Double.isInfinite(v)) return false;
        values[cell] = v;
        return true;
    }

    @Override
    public String expected() {
        return "a float64";
    }

    @Override
    public void putCells(ByteBuffer littleEndian, int from, int count) {
        for (int c = 0; c < count; c++) littleEndian.putLong(8 * c, Double.doubleToRawLongBits(values[from + c]));
    }

    @Override
    public void getCells(ByteBuffer littleEndian, int from, int count) {
        for (int c = 0; c < count; c++) values[from + c] = Double.longBitsToDouble(littleEndian.getLong(8 * c));
    }

    @Override
    public Object array() {
        return values;
    }
}
