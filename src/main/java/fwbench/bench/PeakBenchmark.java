package fwbench.bench;

import fwbench.cell.CellType;
import fwbench.cuda.CudaContext;
import fwbench.cuda.CudaStream;
import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.Event;
import fwbench.cuda.Kernel;
import fwbench.cuda.KernelArgs;
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

import java.util.Map;
import java.util.concurrent.TimeUnit;

import static fwbench.cuda.KernelArgs.buffer;
import static fwbench.cuda.KernelArgs.params;
import static fwbench.cuda.KernelArgs.value;

/**
 * The device's min-plus ceiling for each cell type (kernels/peak.cu): register-only relaxations
 * in the shape the tile products run, each thread an 8 x 8 block of accumulators relaxed with a
 * column and a row a step. Its {@code gpu.rate} secondary metric is the rate every variant is placed
 * against (the report's percent of peak). One launch fills the device in one wave: two blocks of
 * 256 threads per SM, the tile products' occupancy.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class PeakBenchmark {

    /** Threads a block: kernels/peak.cu's PEAK_THREADS. */
    static final int THREADS = 256;
    /**
     * Blocks per SM: kernels/peak.cu's PEAK_BLOCKS_PER_SM, its kernels' {@code __launch_bounds__}.
     * With their 82 to 84 registers a thread (sm_90) no third block fits, so every SM runs exactly two.
     * The 64-bit cells' kernels are built for {@link #WIDE_BLOCKS_PER_SM}, as their T = 128 products
     * are: the same grid runs in two waves at the same rate.
     */
    static final int BLOCKS_PER_SM = 2;
    /** Blocks per SM of the 64-bit cells' kernels: kernels/peak.cu's PEAK_WIDE_BLOCKS_PER_SM (128 registers of accumulators a thread). */
    static final int WIDE_BLOCKS_PER_SM = 1;
    /**
     * Words a thread relaxes per outer iteration: PEAK_STEPS x PEAK_TM x PEAK_TN (4 steps of an
     * 8 x 8 outer product); one instruction each for int32 and packed16, three for two words of
     * float32 (two FADDs, one VIMNMX3), six for int64 and four for float64 on sm_90
     * (kernels/15_kleene_i64.cu, 16_kleene_f64.cu).
     */
    static final int WORDS_PER_ITERATION = 4 * 8 * 8;
    /**
     * About 17 ms per launch at 16.4 T int32 relaxations/s on 132 SMs: far above launch overhead,
     * and the same work a launch as the 8-chain peak before it (1056 blocks x 16384 x 64 words).
     */
    static final int ITERATIONS = 16384;

    /**
     * Relaxations (cells, as the variants count them: n^3 a solve) of one launch on a device of
     * this many SMs: every word relaxed counts its cells, so a packed16 word counts two (a 64-bit word one).
     */
    static double relaxations(int multiprocessors, CellType cell) {
        return (double) blocks(multiprocessors) * THREADS * ITERATIONS * WORDS_PER_ITERATION * cell.cellsPerWord();
    }

    /** The grid of one launch: {@link #BLOCKS_PER_SM} on every SM. */
    static int blocks(int multiprocessors) {
        return multiprocessors * BLOCKS_PER_SM;
    }

    /**
     * fw_peak_CELL(int* sink, int iterations, int seed): {@code iterations} times 4 steps of each
     * thread's outer product, seeded by {@code seed}; sink (one int a thread) receives each thread's
     * checksum, so no relaxation is dead.
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
        GpuTimeLedger.launchSettings(Map.of());  // a run without forks may hold the benchmark's before
        DeviceLabel.check(device);
        CudaContext cuda = CudaContext.get();
        int multiprocessors = cuda.device().multiprocessors();
        blocks = blocks(multiprocessors);
        kernel = cuda.module("peak").kernel(cell.peakKernel());
        stream = new CudaStream();
        start = new Event();
        stop = new Event();
        sink = new DeviceBuffer((long) blocks * THREADS);
        relaxations = relaxations(multiprocessors, cell);
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
