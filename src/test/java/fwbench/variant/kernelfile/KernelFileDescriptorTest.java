package fwbench.variant.kernelfile;

import fwbench.cuda.PtxEntries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static fwbench.variant.kernelfile.KernelFileDescriptor.ParameterType.INT;
import static fwbench.variant.kernelfile.KernelFileDescriptor.ParameterType.POINTER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A kernel file's FW_VARIANT text: what it launches, the signature it asks for, and every mistake refused in one line. */
class KernelFileDescriptorTest {

    @Test
    void aBlockedDescriptorWithEveryKey() {
        KernelFileDescriptor d = KernelFileDescriptor.parse(
                "schema=blocked tile=64 block=64x4 kernels=a,b,c tiles-per-block=1 pivot=launched paths=yes scratch=4096 scratch-per-tile=8192 shared=0");
        assertEquals(KernelFileDescriptor.Schema.BLOCKED, d.schema());
        assertEquals(List.of("a", "b", "c"), d.kernels());
        assertEquals(256, d.blockThreads());
        assertEquals(List.of(POINTER, POINTER, INT, INT, POINTER), d.parameters());
        assertEquals("(int* d, int* q, int n, int p, int* scratch)", d.signature());
        assertEquals(4096 + 8192L * 16, d.scratchInts(1000), "16 tiles of 64 a side at n = 1000");
    }

    @Test
    void perKAndWholeTakeTheirOwnSignatures() {
        KernelFileDescriptor perK = KernelFileDescriptor.parse("schema=per-k block=32x32 kernels=fw_naive");
        assertEquals("(int* d, int n, int k)", perK.signature());
        assertFalse(perK.takesScratch());
        KernelFileDescriptor whole = KernelFileDescriptor.parse("schema=whole block=256 kernels=solve scratch=2");
        assertEquals(List.of(POINTER, INT, POINTER), whole.parameters());
        assertEquals(256, whole.blockX());
        assertEquals(1, whole.blockY());
        assertEquals(2, whole.scratchInts(5000));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "block=32x32 kernels=k | no schema=...",
            "schema=tiles block=32 kernels=k | schema 'tiles' is not one of per-k, blocked, whole",
            "schema=per-k block=32 kernels=a,b | schema=per-k takes one kernel",
            "schema=blocked tile=32 block=32x32 kernels=a,b | schema=blocked takes 3 kernels",
            "schema=per-k block=64x32 kernels=k | block=64x32 is not XxY or X threads, 1 to 1024 in all",
            "schema=per-k block=32 kernels=k tile=32 | tile is a key of schema=blocked, not of schema=per-k",
            "schema=blocked block=32x32 kernels=a,b,c | no tile=...",
            "schema=blocked tile=0 block=32x32 kernels=a,b,c | tile=0 is not a whole number from 1 to 1024",
            "schema=blocked tile=32 block=32x32 kernels=a,b,c pivot=skipped tiles-per-block=2 | pivot=skipped takes tiles-per-block=1",
            "schema=per-k block=32 kernels=k paths=maybe | paths=maybe is not no or yes",
            "schema=per-k block=32 kernels=k tiles=32 | unknown key 'tiles'",
            "schema=per-k block=32 kernels=k block=16 | 'block' is given twice",
            "schema=per-k block=32 kernels=k scratch=-1 | scratch=-1 is not a whole number",
            "schema=per-k block=32 kernels=k-1 | named as C identifiers",
            "schema=per-k block 32 kernels=k | 'block' is not key=value"})
    void mistakesAreRefusedSayingWhatIsAllowed(String text, String expected) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> KernelFileDescriptor.parse(text));
        assertTrue(refused.getMessage().startsWith(expected.strip()) || refused.getMessage().contains(expected.strip()), refused.getMessage());
    }

    @Test
    void ptxEntriesGiveEachKernelsParameterTypes() {
        String ptx = """
                .visible .entry fw_naive(
                	.param .u64 fw_naive_param_0,
                	.param .u32 fw_naive_param_1,
                	.param .u32 fw_naive_param_2
                )
                {
                }
                .visible .entry fw_none()
                {
                }
                .visible .entry fw_pointers(
                	.param .u64 .ptr .align 1 fw_pointers_param_0
                )
                """;
        Map<String, List<String>> entries = PtxEntries.parameters(ptx);
        assertEquals(List.of("u64", "u32", "u32"), entries.get("fw_naive"));
        assertEquals(List.of(), entries.get("fw_none"));
        assertEquals(List.of("u64"), entries.get("fw_pointers"));
    }
}
