package fwbench.variant;

import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.KernelArgs;
import jcuda.Pointer;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The arguments of the 32x32 phase kernels of blocked, blocked-reg and batched,
 * fw_VARIANT_phaseN(int* d, int n, int p): the n x n matrix d and the round's pivot tile p.
 */
record PhaseArgs(DeviceBuffer d, int n, int p) implements KernelArgs {
    @Override
    public Pointer kernelParams() {
        return params(buffer(d), value(n), value(p));
    }
}
