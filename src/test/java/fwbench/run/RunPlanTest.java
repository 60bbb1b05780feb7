package fwbench.run;

import fwbench.cuda.DeviceInfo;
import fwbench.usage.UsageException;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunPlanTest {

    static final List<Integer> REPORT_SIZES = List.of(1000, 2500, 5000, 7500, 10000);
    static final DeviceInfo H100 = new DeviceInfo("NVIDIA H100 80GB HBM3", 9, 0, 13000, 85_000_000_000L, 132, 232_448);
    static final long FREE = 84_000_000_000L;
    /** The heap of JMH's forks, unknown: the planner checks only the device (HeapCheckTest checks the heap). */
    static final Optional<HeapCheck.Heap> NO_HEAP_CHECK = Optional.empty();

    @Test
    void withoutADeviceOnlyCpuVariantsRunAtSmallSizes() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), REPORT_SIZES, Optional.empty(), "no NVIDIA driver", 0, NO_HEAP_CHECK);
        assertTrue(plan.groups().stream().noneMatch(g -> g.variant().gpu()));
        assertEquals(Optional.of("no NVIDIA driver; skipping the GPU variants, running cpu-serial, cpu-blocked"), plan.withoutDevice());
        for (RunPlan.Group g : plan.groups()) {
            assertTrue(g.sizes().stream().allMatch(n -> n <= g.variant().defaultMaxN()), g.toString());
        }
    }

    @Test
    void onADeviceEveryVariantRunsWhereItFinishesInSeconds() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), REPORT_SIZES, Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        // small-graphs takes n <= 512 only: skipped at the reports' sizes, with a note that says why
        assertEquals(java.util.Arrays.stream(Variant.values()).filter(v -> v != Variant.SMALL_GRAPHS).toList(),
                plan.groups().stream().map(RunPlan.Group::variant).toList());
        assertTrue(plan.notes().contains("small-graphs skipped at n=1000,2500,5000,7500,10000: small-graphs takes n up to 512 "
                + "(one thread block solves a graph, in size classes up to 512)"), plan.notes().toString());
        RunPlan.Group serial = plan.groups().stream().filter(g -> g.variant() == Variant.CPU_SERIAL).findFirst().orElseThrow();
        assertEquals(List.of(1000), serial.sizes());
        assertTrue(plan.notes().stream().anyMatch(n -> n.startsWith("cpu-serial skipped at n=2500,5000,7500,10000")), plan.notes().toString());
    }

    @Test
    void namingAVariantLiftsItsDefaultLimit() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(Variant.CPU_SERIAL), List.of(5000), Optional.empty(), "none", 0, NO_HEAP_CHECK);
        assertEquals(List.of(new RunPlan.Group(Variant.CPU_SERIAL, List.of(5000))), plan.groups());
        assertTrue(plan.notes().isEmpty());
    }

    /** Past a variant's largest n (its kernels' int cell indices here): one line for a variant named, a note for one not. */
    @Test
    void aSizePastAVariantsLargestNIsRefusedWhenNamedAndSkippedOtherwise() throws UsageException {
        UsageException e = assertThrows(UsageException.class,
                () -> RunPlan.make(List.of(Variant.NAIVE), List.of(10_000, 50_000), Optional.of(H100), "", FREE, NO_HEAP_CHECK));
        assertEquals("naive takes n up to 46340 (its kernels index a cell with an int), not n=50000", e.getMessage());
        RunPlan plan = RunPlan.make(List.of(), List.of(65_536), Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        assertEquals(List.of(Variant.KLEENE, Variant.DATAFLOW, Variant.PACKED16, Variant.KLEENE_F32, Variant.KLEENE_BANDS, Variant.KLEENE_PACKED16,
                        Variant.KLEENE_I64, Variant.KLEENE_F64),
                plan.groups().stream().map(RunPlan.Group::variant).toList());
        assertTrue(plan.notes().contains("naive skipped at n=65536: naive takes n up to 46340 (its kernels index a cell with an int)"), plan.notes().toString());
        assertTrue(plan.notes().contains("kleene-paths skipped at n=65536: kleene-paths takes n up to 46340 (its routes are read back and checked on the host, "
                + "in Java arrays)"), plan.notes().toString());
    }

    @Test
    void gpuVariantsAloneWithoutADeviceIsAnError() {
        UsageException e = assertThrows(UsageException.class,
                () -> RunPlan.make(List.of(Variant.NAIVE), REPORT_SIZES, Optional.empty(), "no NVIDIA driver", 0, NO_HEAP_CHECK));
        assertEquals("nothing to run: naive needs a CUDA device, and there is none (no NVIDIA driver)", e.getMessage());
    }

    @Test
    void eachGraphFileRunsAtItsOwnSizeInItsOwnSession() throws UsageException {
        List<RunPlan.FileGraph> files = List.of(new RunPlan.FileGraph("road.gr", 5000, 0), new RunPlan.FileGraph("web.mtx", 900, 0));
        RunPlan plan = RunPlan.make(List.of(Variant.BLOCKED, Variant.CPU_BLOCKED), List.of(1000), List.of("random"), files, Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        assertEquals(List.of(
                new RunPlan.Group(Variant.BLOCKED, List.of(1000), List.of("random")),
                new RunPlan.Group(Variant.BLOCKED, List.of(5000), List.of("road.gr")),
                new RunPlan.Group(Variant.BLOCKED, List.of(900), List.of("web.mtx")),
                new RunPlan.Group(Variant.CPU_BLOCKED, List.of(1000), List.of("random")),
                new RunPlan.Group(Variant.CPU_BLOCKED, List.of(5000), List.of("road.gr")),
                new RunPlan.Group(Variant.CPU_BLOCKED, List.of(900), List.of("web.mtx"))), plan.groups());
        assertEquals(6, plan.size());
    }

    @Test
    void withOnlyFilesNoGeneratedGraphRunsAndDefaultLimitsStillApply() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), REPORT_SIZES, List.of(), List.of(new RunPlan.FileGraph("road.gr", 5000, 0)), Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        assertTrue(plan.groups().stream().allMatch(g -> g.graphs().equals(List.of("road.gr")) && g.sizes().equals(List.of(5000))), plan.groups().toString());
        assertTrue(plan.groups().stream().noneMatch(g -> g.variant() == Variant.CPU_SERIAL));
        assertTrue(plan.notes().contains("cpu-serial skipped on road.gr (n=5000; a solve there takes minutes; its default limit is n=1000; "
                + "name it with -p variant=cpu-serial to run it)"), plan.notes().toString());
    }

    @Test
    void aGraphFileLargerThanDeviceMemoryIsRefusedByName() {
        UsageException e = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.BLOCKED), List.of(1000), List.of(),
                List.of(new RunPlan.FileGraph("huge.gr", 46_000, 0)), Optional.of(H100), "", 8L << 30, NO_HEAP_CHECK));
        assertTrue(e.getMessage().startsWith("huge.gr (n=46000) does not fit in device memory: blocked needs 16.02 GiB"), e.getMessage());
    }

    @Test
    void matricesLargerThanDeviceMemoryAreRefusedWithTheLimit() {
        UsageException e = assertThrows(UsageException.class,
                () -> RunPlan.make(List.of(Variant.BLOCKED), List.of(46_000), Optional.of(H100), "", 8L << 30, NO_HEAP_CHECK));
        assertTrue(e.getMessage().startsWith("n=46000 does not fit in device memory: blocked needs 16.02 GiB, the NVIDIA H100 80GB HBM3 has 8.00 GiB free (largest n for blocked: 32251)"),
                e.getMessage());
    }

    /** small-graphs named past its largest n: refused in one line that says why; within it, it runs. */
    @Test
    void smallGraphsIsRefusedPastN512WhenNamed() throws UsageException {
        UsageException e = assertThrows(UsageException.class,
                () -> RunPlan.make(List.of(Variant.SMALL_GRAPHS), List.of(64, 513), Optional.of(H100), "", FREE, NO_HEAP_CHECK));
        assertEquals("small-graphs takes n up to 512 (one thread block solves a graph, in size classes up to 512), not n=513", e.getMessage());
        RunPlan plan = RunPlan.make(List.of(Variant.SMALL_GRAPHS), List.of(1, 64, 128, 256, 512), Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        assertEquals(List.of(new RunPlan.Group(Variant.SMALL_GRAPHS, List.of(1, 64, 128, 256, 512))), plan.groups());
    }

    /** Padded variants: the limit named is the largest n that fits with its padding and item list. */
    @Test
    void theLimitOfAPaddedVariantIsTheLargestNThatFits() {
        long free = 8L << 30, usable = free - Variant.DEVICE_RESERVE_BYTES;
        for (Variant v : List.of(Variant.KLEENE, Variant.DATAFLOW, Variant.PACKED16)) {
            UsageException e = assertThrows(UsageException.class, () -> RunPlan.make(List.of(v), List.of(46_000), Optional.of(H100), "", free, NO_HEAP_CHECK));
            Matcher largest = Pattern.compile("largest n for " + v + ": (\\d+)\\)").matcher(e.getMessage());
            assertTrue(largest.find(), e.getMessage());
            int n = Integer.parseInt(largest.group(1));
            assertTrue(v.deviceBytes(n) <= usable && v.deviceBytes(n + 1) > usable, v + ": n = " + n + " in " + e.getMessage());
            assertTrue(n > 25_000, v + " on 8 GiB: " + n);  // unpadded, 2 or 3 int32 matrices fit 7.75 GiB up to n = 32251 or 26333
        }
    }

    @Test
    void negativeWeightsRunOnlyWithTheVariantsThatTakeThem() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), List.of(1000), List.of("random", "random+potentials:100"), List.of(new RunPlan.FileGraph("neg.gr", 500, 0, true)),
                Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        for (RunPlan.Group g : plan.groups()) {
            boolean negative = g.graphs().contains("random+potentials:100") || g.graphs().contains("neg.gr");
            assertTrue(!negative || g.variant().takesNegativeWeights(), g.toString());
        }
        assertTrue(plan.groups().stream().anyMatch(g -> g.variant() == Variant.KLEENE && g.graphs().equals(List.of("random", "random+potentials:100"))));
        assertTrue(plan.groups().stream().anyMatch(g -> g.variant() == Variant.BLOCKED && g.graphs().equals(List.of("random"))));
        assertTrue(plan.groups().stream().anyMatch(g -> g.variant() == Variant.KLEENE_BANDS && g.graphs().equals(List.of("random", "random+potentials:100"))));
        assertTrue(plan.groups().stream().anyMatch(g -> g.variant() == Variant.KLEENE_BANDS && g.graphs().equals(List.of("neg.gr"))));
        assertTrue(plan.notes().contains("blocked skipped on random+potentials:100 (negative weights; the variants that take them: kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64)"),
                plan.notes().toString());
        assertTrue(plan.notes().contains("blocked skipped on neg.gr (negative weights; the variants that take them: kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64)"),
                plan.notes().toString());
    }

    @Test
    void namingOnlyVariantsThatRefuseNegativeWeightsIsAnError() {
        UsageException e = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.BLOCKED, Variant.PACKED16), List.of(1000),
                List.of("random+potentials:100"), List.of(), Optional.of(H100), "", FREE, NO_HEAP_CHECK));
        assertEquals("random+potentials:100 has negative weights, which blocked, packed16 do not take (INF plus a negative weight "
                + "is less than INF): name one of kleene, dataflow, kleene-paths, kleene-bands, kleene-i64, kleene-f64 with -p variant", e.getMessage());
    }

    /** -p gpus=2: a variant on one GPU is refused when named and left out otherwise; kleene-bands is sized by each GPU's share. */
    @Test
    void gpusAboveOneRunOnlyTheVariantsThatSpanGpus() throws UsageException {
        RunPlan.Gpus two = new RunPlan.Gpus(2, 2, FREE);
        UsageException e = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.KLEENE, Variant.KLEENE_BANDS), List.of(32768),
                List.of(), List.of(), Optional.of(H100), "", FREE, two, NO_HEAP_CHECK));
        assertEquals("-p gpus=2: kleene runs on one GPU; the variants that span GPUs: kleene-bands", e.getMessage());
        RunPlan plan = RunPlan.make(List.of(), List.of(32768), List.of(), List.of(), Optional.of(H100), "", FREE, two, NO_HEAP_CHECK);
        assertEquals(List.of(Variant.KLEENE_BANDS), plan.groups().stream().map(RunPlan.Group::variant).toList());
        assertTrue(plan.notes().contains("-p gpus=2: running only the variants that span GPUs (kleene-bands)"), plan.notes().toString());
        // gpus=all on one host: kleene on GPU 0 and kleene-bands on both, in one plan (one results file)
        RunPlan both = RunPlan.make(List.of(Variant.KLEENE, Variant.KLEENE_BANDS), List.of(32768, 46336), List.of(), List.of(), Optional.of(H100), "",
                FREE, new RunPlan.Gpus(0, 2, FREE), NO_HEAP_CHECK);
        assertEquals(List.of(Variant.KLEENE, Variant.KLEENE_BANDS), both.groups().stream().map(RunPlan.Group::variant).toList());
    }

    /** n = 120000 needs 107 GiB on one GPU and about half on each of two: refused on one with 84 GB free, planned on two. */
    @Test
    void kleeneBandsIsSizedByEachGpusShare() throws UsageException {
        UsageException one = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.KLEENE_BANDS), List.of(120_000),
                List.of(), List.of(), Optional.of(H100), "", FREE, new RunPlan.Gpus(1, 1, FREE), NO_HEAP_CHECK));
        assertTrue(one.getMessage().startsWith("n=120000 does not fit in device memory: kleene-bands needs "), one.getMessage());
        assertTrue(one.getMessage().endsWith("(largest n for kleene-bands: " + Variant.KLEENE_BANDS.largestN(FREE - Variant.DEVICE_RESERVE_BYTES) + ")"), one.getMessage());
        RunPlan two = RunPlan.make(List.of(Variant.KLEENE_BANDS), List.of(120_000), List.of(), List.of(), Optional.of(H100), "", FREE,
                new RunPlan.Gpus(2, 2, FREE), NO_HEAP_CHECK);
        assertEquals(List.of(120_000), two.groups().get(0).sizes());
        UsageException tooBig = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.KLEENE_BANDS), List.of(200_000),
                List.of(), List.of(), Optional.of(H100), "", FREE, new RunPlan.Gpus(2, 2, FREE), NO_HEAP_CHECK));
        int largest = Variant.KLEENE_BANDS.largestN(FREE - Variant.DEVICE_RESERVE_BYTES, 2);
        assertTrue(tooBig.getMessage().matches("n=200000 does not fit in device memory: kleene-bands needs [0-9.]+ GiB on each of 2 GPUs, "
                + "the least free of them has 78\\.23 GiB \\(largest n for kleene-bands on 2 GPUs: " + largest + "\\)"), tooBig.getMessage());
        assertTrue(largest > 120_000 && largest < 200_000, String.valueOf(largest));
    }

    /** kleene-paths keeps distances in 22 bits: potentials of 1000 are too far from 0 for it from n = 2100 or so. */
    @Test
    void negativeWeightsTooFarFromZeroAreCheckedPerVariantAndN() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), List.of(1000, 2500), List.of("random+potentials:1000"), List.of(), Optional.of(H100), "", FREE, NO_HEAP_CHECK);
        assertTrue(plan.groups().stream().noneMatch(g -> g.variant() == Variant.KLEENE_PATHS), plan.groups().toString());
        assertTrue(plan.groups().stream().anyMatch(g -> g.variant() == Variant.KLEENE && g.sizes().equals(List.of(1000, 2500))));
        assertTrue(plan.notes().stream().anyMatch(n -> n.startsWith("kleene-paths skipped on random+potentials:1000: ") && n.contains("too far from 0")),
                plan.notes().toString());
        UsageException e = assertThrows(UsageException.class, () -> RunPlan.make(List.of(Variant.KLEENE_PATHS), List.of(2500),
                List.of("random+potentials:1000"), List.of(), Optional.of(H100), "", FREE, NO_HEAP_CHECK));
        assertTrue(e.getMessage().startsWith("-p graph=random+potentials:1000: kleene-paths takes negative weights while"), e.getMessage());
    }

    /** -p gpus=2 leaves kleene-bands alone, which takes negative weights: it runs the generator with potentials too. */
    @Test
    void negativeWeightsWithSeveralGpusRunOnKleeneBands() throws UsageException {
        RunPlan plan = RunPlan.make(List.of(), List.of(1000), List.of("random", "random+potentials:100"), List.of(new RunPlan.FileGraph("neg.gr", 500, 0, true)),
                Optional.of(H100), "", FREE, new RunPlan.Gpus(2, 2, FREE), NO_HEAP_CHECK);
        assertEquals(List.of(new RunPlan.Group(Variant.KLEENE_BANDS, List.of(1000), List.of("random", "random+potentials:100")),
                new RunPlan.Group(Variant.KLEENE_BANDS, List.of(500), List.of("neg.gr"))), plan.groups());
        assertTrue(plan.notes().stream().noneMatch(n -> n.contains("negative weights")), plan.notes().toString());
    }
}
