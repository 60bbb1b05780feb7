package fwbench.cuda;

import jcuda.Pointer;

/**
 * The arguments of one launch, named. Each kernel family has a record that implements this: its
 * components are the kernel's parameters in declaration order, and {@link #kernelParams()} lists
 * them in that order, e.g.
 * <pre>
 *   record Pad(DeviceBuffer d, int n, int ld) implements KernelArgs {   // fw_pad(int* d, int n, int ld)
 *       public Pointer kernelParams() { return params(buffer(d), value(n), value(ld)); }
 *   }
 * </pre>
 * A launch allocates only the parameter array and one pointer and value array per argument.
 */
public interface KernelArgs {

    /** cuLaunchKernel's kernelParams: a pointer to each argument's value, in declaration order. */
    Pointer kernelParams();

    /** The kernelParams of these arguments, each made by {@link #buffer} or {@link #value}. */
    static Pointer params(Pointer... arguments) {
        return Pointer.to(arguments);
    }

    /** A device pointer argument ({@code int*}). */
    static Pointer buffer(DeviceBuffer buffer) {
        return Pointer.to(buffer.pointer());
    }

    /** A null device pointer argument, for a kernel's optional buffer. */
    static Pointer noBuffer() {
        return Pointer.to(new long[] {0L});
    }

    /** An {@code int} argument. */
    static Pointer value(int value) {
        return Pointer.to(new int[] {value});
    }

    /** A 64-bit integer argument ({@code long long}, {@code unsigned long long}). */
    static Pointer value(long value) {
        return Pointer.to(new long[] {value});
    }
}
