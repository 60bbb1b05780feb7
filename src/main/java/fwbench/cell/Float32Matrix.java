package fwbench.cell;

import fwbench.graph.Distances;

import java.nio.ByteBuffer;

/** float32 distances, +infinity for no path; written as their raw bits, read back bit for bit. */
record Float32Matrix(int n, float[] values) implements DistanceMatrix {

    Float32Matrix {
        SquareCells.require(n, values.length);
    }

    @Override
    public CellType cells() {
        return CellType.FLOAT32;
    }

    @Override
    public boolean reachable(int cell) {
        return values[cell] != Float.POSITIVE_INFINITY;
    }

    @Override
    public double value(int cell) {
        return values[cell];
    }

    /** Float.toString reads back to the same float. */
    @Override
    public String text(int cell) {
        return reachable(cell) ? Float.toString(values[cell]) : Distances.NO_PATH_TEXT;
    }

    @Override
    public long bits(int cell) {
        return Float.floatToRawIntBits(values[cell]);
    }

    @Override
    public boolean parse(int cell, String token) {
        if (token.equalsIgnoreCase(Distances.NO_PATH_TEXT)) {
            values[cell] = Float.POSITIVE_INFINITY;
            return true;
        }
        float v = Float.parseFloat(token);  // Float.toString's text back to the same float
        if (Float.isInfinite(v)) return false;
        values[cell] = v;
        return true;
    }

    @Override
    public String expected() {
        return "a float32";
    }

    @Override
    public void putCells(ByteBuffer littleEndian, int from, int count) {
        for (int c = 0; c < count; c++) littleEndian.putInt(4 * c, Float.floatToRawIntBits(values[from + c]));
    }

    @Override
    public void getCells(ByteBuffer littleEndian, int from, int count) {
        for (int c = 0; c < count; c++) values[from + c] = Float.intBitsToFloat(littleEndian.getInt(4 * c));
    }

    @Override
    public Object array() {
        return values;
    }
}
