package fwbench.nvml;

/** An NVML call that failed, with NVML's own words for why: "nvmlDeviceGetHandleByPciBusId_v2(...) failed: Not Found". */
public final class NvmlException extends Exception {

    NvmlException(String message) {
        super(message);
    }
}
