package fwbench.cuda;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JarTargetsTest {

    private static final String PORTABLE = "targets: sm_75, sm_80, sm_86, sm_89, sm_90 and compute_90 PTX\n"
            + "nvcc: -O3 -std=c++17 -lineinfo -Xptxas -v -gencode arch=compute_75,code=sm_75 -gencode arch=compute_80,code=sm_80 "
            + "-gencode arch=compute_86,code=sm_86 -gencode arch=compute_89,code=sm_89 -gencode arch=compute_90,code=[sm_90,compute_90]\n"
            + "nvcc --version: Cuda compilation tools, release 13.0\n";
    private static final String ONE_GPU = "targets: sm_90\nnvcc: -O3 -std=c++17 -lineinfo -Xptxas -v -gencode arch=compute_90,code=sm_90\n";

    @Test
    void theTargetsAreReadFromNvccsLine() {
        JarTargets portable = JarTargets.parse(PORTABLE);
        assertEquals(List.of(75, 80, 86, 89, 90), portable.sass());
        assertEquals(List.of(90), portable.ptx());
        assertEquals("sm_75, sm_80, sm_86, sm_89, sm_90 and compute_90 PTX", portable.line());
    }

    @Test
    void machineCodeRunsOnItsMajorAtOrAboveItsMinorAndPtxOnAnythingNewer() {
        JarTargets portable = JarTargets.parse(PORTABLE);
        assertTrue(portable.runsOn(8, 0), "A100: sm_80");
        assertTrue(portable.runsOn(8, 7), "sm_87: sm_86's code");
        assertTrue(portable.runsOn(10, 0), "a newer GPU: compute_90's PTX");
        assertFalse(portable.runsOn(7, 0), "sm_70 is older than every target");

        JarTargets h100 = JarTargets.parse(ONE_GPU);
        assertTrue(h100.runsOn(9, 0));
        assertFalse(h100.runsOn(8, 0), "a jar built on an H100 has nothing an A100 runs");
        assertFalse(h100.runsOn(10, 0), "machine code of sm_90 does not run on sm_100, and there is no PTX");
    }
}
