package fwbench;

import fwbench.cli.BenchmarkCommand;
import fwbench.cli.Subcommands;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Entry point of target/benchmarks.jar.
 * <pre>
 *   java -jar target/benchmarks.jar [JMH options]       benchmark the variants (results/DATE_DEVICE.json)
 *   java -jar target/benchmarks.jar SUBCOMMAND ...      see {@link Subcommands}
 *   java -jar target/benchmarks.jar -h                  the suite's help (commands, variants, defaults)
 * </pre>
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        if (args.length > 0 && Subcommands.isSubcommand(args[0])) {
            return Subcommands.run(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                    new PrintWriter(System.err, true, StandardCharsets.UTF_8));
        }
        return new BenchmarkCommand(Path.of("results"), System.out, System.err).run(args);
    }
}
