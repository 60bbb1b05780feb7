package fwbench.cell;

import fwbench.graph.Distances;

import java.nio.ByteBuffer;

/** int64 distances, {@link Distances#INF64} (or above) for no path. */
record Int64Matrix(int n, long[] values) implements DistanceMatrix {

    Int64Matrix {
        SquareCells.require(n, values.length);
    }

    @Override
    public CellType cells() {
        return CellType.INT64;
    }

    @Override
    public boolean reachable(int cell) {
        return values[cell] < Distances.INF64;
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
            values[cell] = Distances.INF64;
            return true;
        }
        long v = Long.parseLong(token);
        if (v <= -Distances.INF64 || v >= Distances.INF64) return false;
        values[cell] = v;
        return true;
    }

    @Override
    public String expected() {
        return "an int64 distance (|d| below " + Distances.INF64 + ")";
    }

    @Override
    public void putCells(ByteBuffer littleEndian, int from, int count) {
        littleEndian.asLongBuffer().put(values, from, count);
    }

    @Override
    public void getCells(ByteBuffer littleEndian, int from, int count) {
        littleEndian.asLongBuffer().get(values, from, count);
    }

    @Override
    public Object array() {
        return values;
    }
}
