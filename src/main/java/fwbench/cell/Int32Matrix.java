package fwbench.cell;

import fwbench.graph.Distances;

import java.nio.ByteBuffer;

/** int32 distances, {@link Distances#INF} (or above) for no path. */
record Int32Matrix(int n, int[] values) implements DistanceMatrix {

    Int32Matrix {
        SquareCells.require(n, values.length);
    }

    @Override
    public CellType cells() {
        return CellType.INT32;
    }

    @Override
    public boolean reachable(int cell) {
        return values[cell] < Distances.INF;
    }

    @Override
    public double value(int cell) {
        return reachable(cell) ? values[cell] : Double.POSITIVE_INFINITY;
    }

    @Override
    public String text(int cell) {
        return Distances.format(values[cell]);
    }

    @Override
    public long bits(int cell) {
        return values[cell];
    }

    @Override
    public boolean parse(int cell, String token) {
        if (token.equalsIgnoreCase(Distances.NO_PATH_TEXT)) {
            values[cell] = Distances.INF;
            return true;
        }
        long v = Long.parseLong(token);
        if (v <= Integer.MIN_VALUE || v >= Integer.MAX_VALUE) return false;
        values[cell] = (int) v;
        return true;
    }

    @Override
    public String expected() {
        return "an integer";
    }

    @Override
    public void putCells(ByteBuffer littleEndian, int from, int count) {
        littleEndian.asIntBuffer().put(values, from, count);
    }

    @Override
    public void getCells(ByteBuffer littleEndian, int from, int count) {
        littleEndian.asIntBuffer().get(values, from, count);
    }

    @Override
    public Object array() {
        return values;
    }
}
