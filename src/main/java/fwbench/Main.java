package fwbench;

import fwbench.cli.BenchmarkCommand;

import java.nio.file.Path;

/**
 * Entry point of target/benchmarks.jar.
 * <pre>
 *   java -jar target/benchmarks.jar [JMH options]   benchmark the variants (results/DATE_DEVICE.json)
 * </pre>
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        int code = new BenchmarkCommand(Path.of("results"), System.out, System.err).run(args);
        System.exit(code);
    }
}
