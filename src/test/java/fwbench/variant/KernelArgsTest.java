package fwbench.variant;

import fwbench.variant.core.DeviceGraphs;
import fwbench.variant.core.GpuSolver;
import fwbench.variant.core.NegativeWeights;
import fwbench.variant.dataflow.DataflowLaunch;
import fwbench.variant.kleene.BandsSolver;
import fwbench.variant.kleene.KleeneF32Solver;
import fwbench.variant.kleene.KleenePathsSolver;
import fwbench.variant.packed16.KleenePacked16Solver;
import fwbench.variant.packed16.Packed16Solver;
import fwbench.variant.schedule.KleeneKernelArgs;
import fwbench.variant.small.SizeClassKernel;

import fwbench.cuda.DeviceBuffer;
import fwbench.cuda.KernelArgs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kernel's record of launch arguments has the kernel's parameters, in order: a pointer for a
 * pointer, an int (or an enum passed by its code) for an int, a long for a 64-bit integer. Reads
 * kernels/*.cu (those launched by a solver of their own); no GPU needed.
 */
class KernelArgsTest {

    private static final Pattern KERNEL = Pattern.compile(
            "extern \"C\"\\s+__global__\\s+void\\s+(?:__launch_bounds__\\([^)]*\\)\\s+)?(\\w+)\\s*\\(([^)]*)\\)");

    /** Each kernel of kernels/*.cu and the record its launches take. */
    static Map<String, Class<?>> argumentRecords() throws ClassNotFoundException {
        Map<String, Class<?>> records = new TreeMap<>();
        for (int tile : new int[] {64, 128}) {
            records.put("fw_kleene_phase1_t" + tile, KleeneKernelArgs.ClosePivot.class);
            records.put("fw_kleene_phase2_t" + tile, KleeneKernelArgs.Cross.class);
            records.put("fw_kleene_phase3_t" + tile, KleeneKernelArgs.Rest.class);
            records.put("fw_kleene_group_t" + tile, KleeneKernelArgs.Group.class);
            records.put("fw_kleene_group_rest_t" + tile, KleeneKernelArgs.GroupRest.class);
            records.put("fw_dataflow_t" + tile, DataflowLaunch.Args.class);
            records.put("fw_dataflow_wide_t" + tile, DataflowLaunch.Args.class);
        }
        records.put("fw_dataflow_helped_t64", DataflowLaunch.Args.class);
        records.put("fw_packed16_dataflow_t64", DataflowLaunch.Args.class);
        records.put("fw_packed16_dataflow_helped_t64", DataflowLaunch.Args.class);
        records.put("fw_packed16_dataflow_t128", DataflowLaunch.Args.class);
        records.put("fw_packed16_dataflow_t256", DataflowLaunch.Args.class);
        for (int tile : new int[] {64, 128}) {
            for (String family : new String[] {KleenePathsSolver.FAMILY, KleenePathsSolver.GROUPED_FAMILY}) {
                records.put(family + "_phase1_t" + tile, KleenePathsSolver.ClosePivot.class);
                records.put(family + "_phase2_t" + tile, KleenePathsSolver.Cross.class);
                records.put(family + "_phase3_t" + tile, KleenePathsSolver.Rest.class);
            }
            records.put(KleenePathsSolver.GROUPED_FAMILY + "_group_t" + tile, KleenePathsSolver.Group.class);
            records.put(KleenePathsSolver.GROUPED_FAMILY + "_group_rest_t" + tile, KleenePathsSolver.GroupRest.class);
        }
        for (int tile : new int[] {64, 128}) {
            records.put("fw_kleene_f32_phase1_t" + tile, KleeneKernelArgs.ClosePivot.class);
            records.put("fw_kleene_f32_phase2_t" + tile, KleeneF32Solver.Cross.class);
            records.put("fw_kleene_f32_phase3_t" + tile, KleeneF32Solver.Rest.class);
            records.put("fw_kleene_f32_group_t" + tile, KleeneF32Solver.Group.class);
            records.put("fw_kleene_f32_group_rest_t" + tile, KleeneF32Solver.GroupRest.class);
        }
        for (int tile : new int[] {64, 128}) {
            records.put("fw_kleene_bands_close_t" + tile, BandsSolver.Close.class);
            records.put("fw_kleene_bands_update_t" + tile, BandsSolver.Update.class);
        }
        records.put("fw_kleene_packed16_phase1_t128", KleeneKernelArgs.ClosePivot.class);
        records.put("fw_kleene_packed16_phase2_t128", KleeneKernelArgs.Cross.class);
        records.put("fw_kleene_packed16_phase3_t128", KleeneKernelArgs.Rest.class);
        records.put("fw_kleene_packed16_group_t128", KleeneKernelArgs.Group.class);
        records.put("fw_kleene_packed16_group_rest_t128", KleeneKernelArgs.GroupRest.class);
        records.put("fw_kleene_packed16_pack", KleenePacked16Solver.Repack.class);
        records.put("fw_kleene_packed16_unpack", KleenePacked16Solver.Repack.class);
        for (int size : new int[] {32, 64, 128}) records.put("fw_small_graphs_" + size, SizeClassKernel.Launch.class);
        for (int size : new int[] {256, 512}) records.put("fw_small_graphs_" + size, SizeClassKernel.TiledLaunch.class);
        records.put("fw_kleene_f32_from_int", GpuSolver.InPlace.class);
        records.put("fw_kleene_f32_to_int", GpuSolver.InPlace.class);
        records.put("fw_peak_float32", Class.forName("fwbench.bench.PeakBenchmark$Relax"));
        for (String cell : new String[] {"i64", "f64"}) {
            records.put("fw_kleene_" + cell + "_from_int", Class.forName("fwbench.variant.kleene.KleeneWideSolver$Convert"));
            records.put("fw_kleene_" + cell + "_to_int", Class.forName("fwbench.variant.kleene.KleeneWideSolver$Convert"));
        }
        records.put("fw_peak_int64", Class.forName("fwbench.bench.PeakBenchmark$Relax"));
        records.put("fw_peak_float64", Class.forName("fwbench.bench.PeakBenchmark$Relax"));
        records.put("fw_kleene_paths_keys", GpuSolver.InPlace.class);
        records.put("fw_kleene_paths_distances", GpuSolver.InPlace.class);
        records.put("fw_kleene_paths_grouped_keys", GpuSolver.InPlace.class);
        records.put("fw_kleene_paths_grouped_distances", GpuSolver.InPlace.class);
        records.put("fw_packed16_pack", Packed16Solver.Repack.class);
        records.put("fw_packed16_unpack", Packed16Solver.Repack.class);
        records.put("fw_generate", DeviceGraphs.Generate.class);
        records.put("fw_pad", DeviceGraphs.Pad.class);
        records.put("fw_generate_rows", DeviceGraphs.GenerateRows.class);
        // launched outside this package: by name, so that this test needs no dependency on them
        records.put("fw_certificate", Class.forName("fwbench.verify.DeviceCertificate$Check"));
        records.put("fw_certificate_signed", Class.forName("fwbench.verify.DeviceCertificate$Check"));
        records.put("fw_certificate_cell", Class.forName("fwbench.verify.DeviceCertificate$Cell"));
        records.put("fw_certificate_packed16", Class.forName("fwbench.verify.DeviceCertificate$Check"));
        records.put("fw_certificate_cell_packed16", Class.forName("fwbench.verify.DeviceCertificate$Cell"));
        records.put("fw_certificate_rows", Class.forName("fwbench.verify.BandCertificate$Chunk"));
        records.put("fw_certificate_rows_signed", Class.forName("fwbench.verify.BandCertificate$Chunk"));
        records.put("fw_certificate_rows_end", Class.forName("fwbench.verify.BandCertificate$End"));
        records.put("fw_finish_negative_weights", NegativeWeights.Finish.class);
        records.put("fw_peak_int32", Class.forName("fwbench.bench.PeakBenchmark$Relax"));
        records.put("fw_peak_packed16", Class.forName("fwbench.bench.PeakBenchmark$Relax"));
        return records;
    }

    /**
     * Kernel name to its parameter list, from every kernels/*.cu launched by a solver of its own; a
     * kernel file launched by its descriptor has its kernels checked against its schema instead
     * (KernelFileSourcesTest).
     */
    static Map<String, String> kernelParameters() throws IOException {
        Map<String, String> kernels = new TreeMap<>();
        try (Stream<Path> files = Files.list(Path.of("kernels"))) {
            for (Path cu : files.filter(p -> p.toString().endsWith(".cu")).toList()) {
                String source = Files.readString(cu);
                if (KernelFileSourcesTest.descriptorText(source).isPresent()) continue;
                Matcher m = KERNEL.matcher(source);
                while (m.find()) kernels.put(m.group(1), m.group(2));
            }
        }
        return kernels;
    }

    /** "int* d", "const int* __restrict__ src", "int n", "unsigned long long seed" -> the Java kind. */
    static String kind(String parameter) {
        String p = parameter.trim().replaceAll("\\s+", " ");
        if (p.contains("*")) return "pointer";
        String type = p.substring(0, p.lastIndexOf(' '));
        return switch (type) {
            case "int" -> "int";
            case "long long", "unsigned long long" -> "long";
            default -> throw new AssertionError("no Java kind for the kernel parameter '" + p + "'");
        };
    }

    static String kind(Class<?> component) {
        if (component == DeviceBuffer.class) return "pointer";
        if (component == int.class || component.isEnum()) return "int";
        if (component == long.class) return "long";
        throw new AssertionError("no kernel parameter kind for a component of type " + component.getName());
    }

    @Test
    void everyKernelHasAnArgumentRecordAndEveryRecordAKernel() throws Exception {
        assertEquals(new TreeSet<>(argumentRecords().keySet()), new TreeSet<>(kernelParameters().keySet()),
                "kernels in kernels/*.cu against the kernels with an argument record in this test");
    }

    @Test
    void argumentRecordsMatchTheKernelsParameters() throws Exception {
        Map<String, String> parameters = kernelParameters();
        for (Map.Entry<String, Class<?>> e : argumentRecords().entrySet()) {
            Class<?> record = e.getValue();
            assertTrue(record.isRecord() && KernelArgs.class.isAssignableFrom(record), record + " is a record of KernelArgs");
            List<String> kernel = new ArrayList<>();
            for (String p : parameters.get(e.getKey()).split(",")) kernel.add(kind(p));
            List<String> java = new ArrayList<>();
            for (RecordComponent c : record.getRecordComponents()) java.add(kind(c.getType()));
            assertEquals(kernel, java, e.getKey() + "(" + parameters.get(e.getKey()).replaceAll("\\s+", " ") + ") against " + record.getName());
        }
    }
}
