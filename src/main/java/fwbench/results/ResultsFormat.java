package fwbench.results;

/**
 * The names in the suite's JMH results: which benchmark a result is of, its parameters and its
 * secondary metrics. The benchmarks and the benchmark command write them; the report reads them.
 * They live here, below both, so the report reads the results without depending on the code that
 * measures them. A name changed here no longer matches results already written.
 */
public final class ResultsFormat {

    /** A Floyd-Warshall solve: parameters {@link #VARIANT}, {@link #N}, {@link #GRAPH}, {@link #SEED}, {@link #LAUNCH}, {@link #DEVICE}. */
    public static final String SOLVE_BENCHMARK = "fwbench.bench.FloydWarshallBenchmark.solve";
    /** The device's min-plus ceiling: parameters {@link #CELL}, {@link #DEVICE}; its rate is {@link #GPU_RATE}. */
    public static final String PEAK_BENCHMARK = "fwbench.bench.PeakBenchmark.relax";
    /**
     * A batch of small graphs, solved whole per invocation (run only when named): parameters {@link #VARIANT} (an id),
     * {@link #N}, {@link #BATCH}, {@link #SEED}, {@link #DEVICE}. The report and the run's summary give it a table of its own.
     */
    public static final String SMALL_GRAPHS_BENCHMARK = "fwbench.bench.SmallGraphsBenchmark.solve";

    // parameters: JMH names them after the benchmarks' @Param fields
    /** The variant: a built-in one's constant name ("BLOCKED"), or a kernel file's path as given ("my_fw.cu"). */
    public static final String VARIANT = "variant";
    public static final String N = "n";
    public static final String GRAPH = "graph";
    public static final String SEED = "seed";
    public static final String LAUNCH = "launch";
    /** The GPUs a variant that spans devices splits one solve across: "all" (the default) or a count from 1. */
    public static final String GPUS = "gpus";
    /** The device the run was made on, set by the benchmark command, never by users. */
    public static final String DEVICE = "device";
    /**
     * How the {@link #DEVICE} of a run without a GPU begins; the CPU follows:
     * "no GPU (CPU: AMD EPYC; 2 threads)". The report titles such a run "on the CPU (...)".
     */
    public static final String NO_GPU_DEVICE = "no GPU (CPU: ";
    public static final String CELL = "cell";
    /** The graphs of one batch of {@link #SMALL_GRAPHS_BENCHMARK}. */
    public static final String BATCH = "batch";
    /**
     * The system property every fork is given with the command that made the run: JMH records a
     * fork's JVM options with each of its results ({@code jvmArgs}), where the report reads it.
     */
    public static final String COMMAND_PROPERTY = "fwbench.command";
    /** The SHA-256 of a kernel file variant's source, set by the benchmark command (empty for the built-in variants). */
    public static final String KERNEL_SHA256 = "kernelSha256";

    // secondary metrics, added by the GPU-time profiler
    /** Mean GPU time of one solve, in the benchmark's time unit. */
    public static final String GPU_TIME = "gpu.time";
    /** Relaxations per second of GPU time. */
    public static final String GPU_RATE = "gpu.rate";
    /** Device memory the solver held, in MiB. */
    public static final String GPU_MEMORY = "gpu.memory";
    /**
     * The launch settings a solver ran with, one metric each, this prefix and the setting's name
     * ({@code launch.tile}, {@code launch.restLaunches}, {@code launch.blocksPerSm},
     * {@code launch.groupedRounds}): those its variant has, whether the table, the tuning or a pin
     * chose them (absent from runs before they were recorded).
     */
    public static final String LAUNCH_PREFIX = "launch.";

    // secondary metrics read through NVML at each iteration's end (absent without NVML, and from runs before they were recorded)
    /** The SM clock, in MHz: the mean of the iterations. */
    public static final String GPU_CLOCK_SM = "gpu.clock.sm";
    /** The lowest SM clock of the iterations, in MHz. */
    public static final String GPU_CLOCK_SM_MIN = "gpu.clock.sm.min";
    /** The highest SM clock the device can run at, in MHz. */
    public static final String GPU_CLOCK_SM_MAX = "gpu.clock.sm.max";
    /** The memory clock, in MHz: the mean of the iterations. */
    public static final String GPU_CLOCK_MEM = "gpu.clock.mem";
    /** The GPU's temperature, in degrees Celsius: the mean of the iterations. */
    public static final String GPU_TEMPERATURE = "gpu.temperature";
    /** The board's power draw, in W: the mean of the iterations. */
    public static final String GPU_POWER = "gpu.power";
    /** The share of iterations with a thermal or power throttle reason ({@link ClockEventReason#THROTTLING}): each iteration 0 or 1. */
    public static final String GPU_THROTTLED = "gpu.throttled";
    /**
     * NVML's clock event reasons ({@link ClockEventReason}), each iteration's bit mask in the rawData; the score is
     * the largest mask, a number with no meaning of its own (JMH has no bitwise OR to aggregate with).
     */
    public static final String GPU_CLOCK_REASONS = "gpu.clock.reasons";

    private ResultsFormat() {
    }
}
