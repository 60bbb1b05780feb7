package fwbench.variant.schedule;

import fwbench.variant.schedule.LookaheadRounds.RestMode;
import fwbench.variant.schedule.LookaheadRounds.RoundArgs;

import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.KernelArgs;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/** The arguments of kleene's kernels (kernels/07_kleene.cu) as {@link LookaheadRounds} launches them, one record a kernel. */
public final class KleeneKernelArgs {
    private KleeneKernelArgs() {}

    /** kleene's launches over the ld-wide matrix d of n vertices (the rest padding). */
    public record Kleene(DeviceBuffer d, int ld, int n) implements RoundArgs {
        @Override
        public KernelArgs closePivot(int p) {
            return new ClosePivot(d, ld, p);
        }

        @Override
        public KernelArgs cross(int p) {
            return new Cross(d, ld, n, p);
        }

        @Override
        public KernelArgs rest(int p, RestMode mode, int firstRow) {
            return new Rest(d, ld, n, p, mode, firstRow);
        }

        @Override
        public KernelArgs group(int p, int last, RestMode mode, int firstRow) {
            return new Group(d, ld, n, p, last, mode, firstRow);
        }

        @Override
        public KernelArgs groupRest(int p, int last, int firstRow) {
            return new GroupRest(d, ld, n, p, last, firstRow);
        }
    }

    /** fw_kleene_phase1_tT(int* d, int ld, int p): close pivot tile p of the ld-wide matrix d. */
    public record ClosePivot(DeviceBuffer d, int ld, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(p));
        }
    }

    /** fw_kleene_phase2_tT(int* d, int ld, int n, int p): the pivot's row and column of tiles in round p. */
    public record Cross(DeviceBuffer d, int ld, int n, int p) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p));
        }
    }

    /**
     * fw_kleene_phase3_tT(int* d, int ld, int n, int p, int mode, int firstRow): the tiles {@code mode}
     * names in round p; REST's grid starts at block row firstRow of them (its band).
     */
    public record Rest(DeviceBuffer d, int ld, int n, int p, RestMode mode, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p), value(mode.code), value(firstRow));
        }
    }

    /**
     * fw_kleene_group_tT(int* d, int ld, int n, int p, int last, int mode, int firstRow): the tiles
     * {@code mode} names in the group of rounds p .. last (GROUP_CHAIN: round p on rows and columns
     * p + 1 .. last); the kernel takes GROUP_REST too, from block row firstRow, which the suite runs
     * on {@link GroupRest}'s kernel.
     */
    public record Group(DeviceBuffer d, int ld, int n, int p, int last, RestMode mode, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p), value(last), value(mode.code), value(firstRow));
        }
    }

    /**
     * fw_kleene_group_rest_tT(int* d, int ld, int n, int p, int last, int firstRow): GROUP_REST of the
     * group of rounds p .. last from block row firstRow, on a kernel of its own (kernels/kleene_rounds.cuh,
     * kleene_group's BULK).
     */
    public record GroupRest(DeviceBuffer d, int ld, int n, int p, int last, int firstRow) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(d), value(ld), value(n), value(p), value(last), value(firstRow));
        }
    }
}
