package fwbench.cuda;

import jcuda.CudaException;

/**
 * A kernel faulted on the device (an illegal address, a misaligned access, a trap): the context is
 * lost, and the message says which variant at which n, the driver's error, and how to find the
 * faulting kernel and line. A stack trace would add nothing, so none is kept.
 */
public final class DeviceFault extends RuntimeException {

    private DeviceFault(String message) {
        super(message, null, false, false);
    }

    /** The fault of {@code variant} (as the user names it on the command line) at n vertices. */
    public static DeviceFault of(String variant, int n, CudaException cause) {
        return new DeviceFault(variant + " at n=" + n + " faulted on the device (" + cause.getMessage() + "); compute-sanitizer names the kernel and line: "
                + "compute-sanitizer --tool memcheck java -jar target/benchmarks.jar -p variant=" + variant + " -p n=" + n
                + " -f 0 -wi 0 -i 1 (docs/your-kernel.md)");
    }
}
