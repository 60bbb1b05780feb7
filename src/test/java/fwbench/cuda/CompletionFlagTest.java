package fwbench.cuda;

import fwbench.GpuTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The flag a stream writes into host memory: the host sees each new value, and a value never written does not hang it. */
@GpuTest
class CompletionFlagTest {

    @Test
    void theHostSeesEachWrite() {
        CudaContext.get();
        try (CudaStream stream = new CudaStream(); CompletionFlag flag = new CompletionFlag(); Event after = new Event()) {
            int first = flag.enqueueWrite(stream);
            after.record(stream);
            flag.await(first, after);
            int second = flag.enqueueWrite(stream);
            assertEquals(first + 1, second);
            after.record(stream);
            flag.await(second, after);
        }
    }

    @Test
    void aValueNeverWrittenEndsAtTheEvent() {
        CudaContext.get();
        try (CudaStream stream = new CudaStream(); CompletionFlag flag = new CompletionFlag(); Event after = new Event()) {
            int written = flag.enqueueWrite(stream);
            after.record(stream);
            long start = System.nanoTime();
            flag.await(written + 1, after);  // spins its limit, then returns at the event
            assertTrue(System.nanoTime() - start >= CompletionFlag.SPIN_NANOS);
        }
    }
}
