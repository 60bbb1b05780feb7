package fwbench.variant;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The kernel files the tests use (src/test/resources/kernels/ and the example), and what the suite says of the broken ones. */
final class KernelFileErrors {

    static final Path TEST_KERNELS = Path.of("src", "test", "resources", "kernels");

    /** The example of docs/your-kernel.md. */
    static final Path EXAMPLE = Path.of("kernels", "examples", "example_blocked.cu");

    /** Files whose descriptor and kernels are right (two of them still fault or answer wrong when run). */
    static final List<String> WELL_FORMED = List.of("example_blocked.cu", "per_k_paths.cu", "blocked_scratch.cu", "whole_solve.cu",
            "whole_solve_paths.cu", "out_of_bounds.cu", "wrong_answer.cu");

    /** The files that solve right, one of each schema (and paths), with the example. */
    static final List<Path> SOLVING = List.of(EXAMPLE, TEST_KERNELS.resolve("per_k_paths.cu"), TEST_KERNELS.resolve("blocked_scratch.cu"),
            TEST_KERNELS.resolve("whole_solve.cu"), TEST_KERNELS.resolve("whole_solve_paths.cu"));

    /** A broken kernel file and a phrase of the one line the suite says of it. */
    static final Map<String, String> REFUSED = Map.of(
            "compile_error.cu", "does not compile: ",
            "no_descriptor.cu", "exports no descriptor",
            "missing_kernel.cu", "which the file lacks",
            "wrong_parameters.cu", "launches it with (int* d, int n, int k)",
            "bad_descriptor.cu", "unknown key");

    private KernelFileErrors() {
    }
}
