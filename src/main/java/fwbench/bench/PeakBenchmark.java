package fwbench.bench;

import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
import fwbench.variant.core.CellType;
import jcuda.Pointer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The device's min-plus ceiling (kernels/peak.cu): register-only relaxations, int32 and packed
 * 16-bit pairs. Its {@code gpu.rate} secondary metric is the rate every variant is placed against
 * (the report's percent of peak). One launch fills the device with 8 blocks of 256 threads per SM.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class PeakBenchmark {

    /** Relaxation instructions per thread and outer iteration (kernels/peak.cu: 8 chains x 8 unrolled). */
    static final int INSTRUCTIONS_PER_ITERATION = 64;
    static final int THREADS = 256;
    static final int BLOCKS_PER_SM = 8;
    /** About 20 ms per launch at 16 T int32 relaxations/s on 132 SMs: far above launch overhead. */
    static final int ITERATIONS = 16384;

    /**
     * fw_peak_CELL(int* sink, int iterations, int seed): {@code iterations} steps of each thread's
     * chains, seeded by {@code seed}; sink receives a store the compiler cannot prove dead.
     */
    record Relax(DeviceBuffer sink, int iterations, int seed) implements KernelArgs {
        @Override
        public Pointer kernelParams() {
            return params(buffer(sink), value(iterations), value(seed));
        }
    }

    /** The cells relaxed; results name it as the constant ("INT32"), which the report reads back. */
    @Param({})
    public CellType cell;

    @Param({""})
    public String device;

    private CudaStream stream;
    private Event start;
    private Event stop;
    private DeviceBuffer sink;
    private Kernel kernel;
    private int blocks;
    private double relaxations;

    @Setup(Level.Trial)
    public void prepare() {
        DeviceLabel.check(device);
        CudaContext cuda = CudaContext.get();
        blocks = cuda.device().multiprocessors() * BLOCKS_PER_SM;
        kernel = cuda.module("peak").kernel(cell.peakKernel());
        stream = new CudaStream();
        start = new Event();
        stop = new Event();
        sink = new DeviceBuffer((long) blocks * THREADS);
        relaxations = (double) blocks * THREADS * ITERATIONS * INSTRUCTIONS_PER_ITERATION * cell.cellsPerWord();
    }

    @Setup(Level.Invocation)
    public void makeCurrent() {
        CudaContext.get().makeCurrent();
    }

    @Benchmark
    public void relax() {
        start.record(stream);
        kernel.launch(stream, blocks, 1, THREADS, 1, 0, new Relax(sink, ITERATIONS, 12345));
        stop.record(stream);
        stop.synchronize();
    }

    @TearDown(Level.Invocation)
    public void recordGpuTime() {
        GpuTimeLedger.add(Event.elapsedMillis(start, stop), relaxations, sink.bytes());
    }

    @TearDown(Level.Trial)
    public void release() {
        CudaContext.get().makeCurrent();
        sink.close();
        stop.close();
        start.close();
        stream.close();
    }
}
