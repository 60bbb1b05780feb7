package fwbench.tuning;

import fwbench.cuda.CudaContext;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fingerprint that keys a cached choice: the fatbin's own bytes, read from the class path without a device. */
class KernelFingerprintTest {

    @Test
    void eachModuleHasItsOwnStableSha256() {
        String kleene = CudaContext.fatbinSha256(Variant.KLEENE.kernelModule());
        assertTrue(kleene.matches("[0-9a-f]{64}"), kleene);
        assertEquals(kleene, CudaContext.fatbinSha256(Variant.KLEENE.kernelModule()));
        assertNotEquals(kleene, CudaContext.fatbinSha256(Variant.DATAFLOW.kernelModule()));
    }
}
