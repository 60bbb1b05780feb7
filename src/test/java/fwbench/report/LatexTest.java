package fwbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import fwbench.variant.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report.tex: the speedup matrix of each setup as a booktabs table, every special character escaped. */
class LatexTest {

    @TempDir
    Path dir;

    private List<SpeedupTable> tables(ArrayNode run) throws Exception {
        RunData data = Fixtures.read(Fixtures.write(run, dir.resolve("run-" + System.nanoTime() + ".json")));
        return SpeedupTable.build(data, VariantName.of(Variant.NAIVE));
    }

    @Test
    void aSetupsTableHasBooktabsRulesAndReportMdsNumbers() throws Exception {
        assertEquals("""
                % fwbench report from 2026-11-22_NVIDIA-H200.json, made by java -jar target/benchmarks.jar report
                % one table per setup; the preamble needs \\usepackage{booktabs}

                \\begin{table}[htbp]
                \\centering
                \\caption{Time per solve in ms (speedup over naive), NVIDIA H200 (sm\\_90; 132 SMs; 139.8 GiB; driver 13.0): graph=random, launch=GRAPH, seed=42.}
                \\label{tab:fwbench-random-graph-42}
                \\begin{tabular}{lrrr}
                \\toprule
                variant & $n$ = 1,000 & $n$ = 2,500 & $n$ = 5,000 \\\\
                \\midrule
                naive & 3.535 (1.00x) & 40.75 (1.00x) & 574.4 (1.00x) \\\\
                blocked & 0.6057 (5.84x) & 5.189 (7.85x) & 36.24 (15.85x) \\\\
                \\bottomrule
                \\end{tabular}
                \\end{table}
                """, Latex.report(tables(Fixtures.tree(Fixtures.RUN)), List.of(Fixtures.RUN), false));
    }

    /** A kernel file's name, as the suite's example has it, and a missing cell. */
    @Test
    void aKernelFilesUnderscoreIsEscapedAndAMissingCellIsNotAvailable() throws Exception {
        ArrayNode run = Fixtures.without(Fixtures.withParam(Fixtures.tree(Fixtures.RUN), Fixtures.variant("BLOCKED"), "variant",
                "kernels/examples/example_blocked.cu"), Fixtures.at("kernels/examples/example_blocked.cu", 2500));
        String tex = Latex.report(tables(run), List.of("my_run.json"), false);
        assertTrue(tex.contains("\nexample\\_blocked.cu & 0.6057 (5.84x) & n/a & 36.24 (15.85x) \\\\\n"), tex);
        assertTrue(tex.startsWith("% fwbench report from my_run.json,"), "a comment needs no escaping: " + tex);
    }

    @Test
    void oneTablePerSetupEachWithItsOwnLabel() throws Exception {
        ArrayNode eager = Fixtures.withParam(Fixtures.tree(Fixtures.RUN), r -> true, "launch", "EAGER");
        String tex = Latex.report(tables(Fixtures.concat(Fixtures.tree(Fixtures.RUN), eager)), List.of("a.json"), false);
        assertEquals(2, HtmlReportTest.count(tex, "\\begin{table}"));
        assertEquals(2, HtmlReportTest.count(tex, "\\toprule"));
        assertEquals(2, HtmlReportTest.count(tex, "\\bottomrule"));
        assertTrue(tex.contains("\\label{tab:fwbench-random-graph-42}"), tex);
        assertTrue(tex.contains("\\label{tab:fwbench-random-eager-42}"), tex);
    }

    @Test
    void everySpecialCharacterIsEscaped() {
        assertEquals("a\\_b \\& c \\% d \\$ e \\# f \\{g\\} h\\textasciitilde{}i\\textasciicircum{}j\\textbackslash{}k",
                Latex.escape("a_b & c % d $ e # f {g} h~i^j\\k"));
        assertEquals("NVIDIA H200 (sm\\_90; 132 SMs)", Latex.escape("NVIDIA H200 (sm_90; 132 SMs)"));
    }
}
