package fwbench;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import fwbench.cell.CellType;
import fwbench.cell.DistanceMatrix;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Packages import one way: graph, cuda <- variant <- verify <- bench <- run <- cli <- fwbench.Main,
 * graph, cuda, variant <- tuning <- bench, run, cli (the launch choices tuned on the device), and
 * nvml <- bench (the clocks and throttling read through NVML, a binding that uses nothing of the suite).
 * cell (the cell types and the host's matrix of distances) stands on graph's conventions
 * (fwbench.graph.Distances) and under everything that holds distances: graph.io's files, variant,
 * verify, solve, api, and report (the cell of a peak).
 * run is the benchmark runner (the plan, the estimate, one JMH session per fork, the results file),
 * which cli's commands call. solve is the solve pipeline (choose the variant, check memory, solve,
 * verify) that cli's solve and the library share: graph, cuda, variant, verify, tuning, run (its
 * heap and device memory checks) <- solve <- cli, api. api is the library's public face (Apsp and
 * what it takes and returns; below it api.jgrapht, JGraphT's ShortestPathAlgorithm on Apsp), which
 * nothing of the suite uses. The report reads results (fwbench.results) and the registry's traits
 * (fwbench.variant), never how they are measured (run <- report: a run ends with its summary); usage
 * and results hold what the packages above share and use nothing of the suite. A new dependency
 * against these arrows, or a package outside them, fails the build.
 */
@AnalyzeClasses(packages = "fwbench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String CELL_PACKAGE = "fwbench.cell";

    /** fwbench.Main, which nothing uses. */
    private static final String MAIN = "main";

    /** Each package of the suite (fwbench.NAME and below) and the packages that may use it. */
    private static final Map<String, List<String>> MAY_BE_USED_BY = Map.ofEntries(
            entry("cli", List.of(MAIN)),
            entry("api", List.of()),
            entry("solve", List.of("cli", "api")),
            entry("run", List.of("cli", "solve")),
            entry("report", List.of("run", "cli")),
            entry("bench", List.of("run", "cli")),
            entry("verify", List.of("bench", "run", "cli", "solve")),
            entry("tuning", List.of("bench", "run", "cli", "solve")),
            entry("variant", List.of("verify", "tuning", "bench", "run", "cli", "report", "solve")),
            entry("cell", List.of("graph", "variant", "verify", "tuning", "bench", "run", "cli", "solve", "api", "report")),
            entry("graph", List.of("cell", "variant", "verify", "tuning", "bench", "run", "cli", "solve", "api")),
            entry("cuda", List.of("variant", "verify", "tuning", "bench", "run", "cli", "solve")),
            entry("nvml", List.of("bench")),
            entry("usage", List.of("run", "cli", "report", "solve", "api")),
            entry("results", List.of("bench", "run", "cli", "report")));

    @ArchTest
    static final ArchRule packagesDependOneWay = layers();

    /**
     * A cell type is described in fwbench.cell alone (CellType and its DistanceMatrix): nothing
     * outside it switches over the cell types (javac compiles a switch over an enum to a call of its
     * ordinal()) or names one of the matrix implementations, so a new cell type is a constant and a
     * matrix there, not a branch in every reader, writer, check and solver.
     */
    @ArchTest
    static final ArchRule cellTypesAreDescribedInTheCellPackage = cellTypesInOnePlace();

    static ArchRule cellTypesInOnePlace() {
        return noClasses().that().resideOutsideOfPackage(CELL_PACKAGE + "..")
                .should().callMethod(CellType.class, "ordinal")
                .orShould().dependOnClassesThat(JavaClass.Predicates.implement(DistanceMatrix.class))
                .because("a cell type is described in " + CELL_PACKAGE + " alone");
    }

    /** The rule above fails on a class that branches per cell type (a fixture outside the suite's main code). */
    @Test
    void aBranchPerCellTypeOutsideTheCellPackageFailsTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("fwbench.archfixture");
        assertTrue(fixture.size() > 0, "found the fixture");
        EvaluationResult result = cellTypesInOnePlace().evaluate(fixture);
        assertTrue(result.hasViolation(), "a switch over CellType outside " + CELL_PACKAGE + " breaks the rule");
    }

    /** Every package on its own (graph and graph.io apart): no two depend on each other. */
    @ArchTest
    static final ArchRule noCyclesBetweenPackages = slices().matching("fwbench.(**)").should().beFreeOfCycles();

    private static ArchRule layers() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers().layer(MAIN).definedBy("fwbench");
        for (String name : MAY_BE_USED_BY.keySet()) layers = layers.layer(name).definedBy("fwbench." + name + "..");
        layers = layers.whereLayer(MAIN).mayNotBeAccessedByAnyLayer();
        for (Map.Entry<String, List<String>> rule : MAY_BE_USED_BY.entrySet()) {
            // api: the library's face, used by programs outside the suite only
            layers = rule.getValue().isEmpty() ? layers.whereLayer(rule.getKey()).mayNotBeAccessedByAnyLayer()
                    : layers.whereLayer(rule.getKey()).mayOnlyBeAccessedByLayers(rule.getValue().toArray(String[]::new));
        }
        return layers.ensureAllClassesAreContainedInArchitecture();
    }

    private static final Pattern SUITE_IMPORT = Pattern.compile("^import (?:static )?(fwbench\\.(\\w+)[\\w.*]*);", Pattern.MULTILINE);

    /**
     * The same arrows over the import lines: javac copies a constant (a static final String or int,
     * Distances.INF say) into the class that uses it, so a use of one leaves no trace in the
     * bytecode the rules above read; its import does.
     */
    @Test
    void importsDependOneWay() throws IOException {
        Path root = Path.of("src/main/java/fwbench");
        List<Path> sources;
        try (Stream<Path> files = Files.walk(root)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).toList();
        }
        assertTrue(sources.size() > 50, "found the sources under " + root.toAbsolutePath());
        List<String> wrong = new ArrayList<>();
        for (Path source : sources) {
            Path relative = root.relativize(source);
            String from = relative.getNameCount() == 1 ? MAIN : relative.getName(0).toString();
            Matcher imported = SUITE_IMPORT.matcher(Files.readString(source));
            while (imported.find()) {
                String to = Character.isUpperCase(imported.group(2).charAt(0)) ? MAIN : imported.group(2);
                boolean allowed = to.equals(from) || MAY_BE_USED_BY.getOrDefault(to, List.of()).contains(from);
                if (!allowed) wrong.add(relative + " imports " + imported.group(1));
            }
        }
        assertEquals(List.of(), wrong, "imports against the package layering");
    }
}
