package fwbench.run;

import fwbench.tuning.TuningMode;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the command line gives the forks: the suite's properties, the tuning mode and the command. */
class RunArgumentsTest {

    /** The forks' -Dfwbench.* properties reach this JVM's plan; other arguments are left to the forks. */
    @Test
    void theForksSuitePropertiesAreAdoptedHere() throws Exception {
        String property = "fwbench.kleene.tile";
        String before = System.getProperty(property);
        try {
            RunArguments.adoptForkProperties(new CommandLineOptions("-jvmArgsAppend", "-Xmx3g -Dfwbench.kleene.tile=128 -Dother.flag=1"));
            assertEquals("128", System.getProperty(property));
            assertEquals(null, System.getProperty("other.flag"));
        } finally {
            if (before == null) System.clearProperty(property);
            else System.setProperty(property, before);
        }
    }

    /** Every fork gets the mode after the user's own -jvmArgsAppend, which stays. */
    @Test
    void theTuningModeIsAppendedToTheForksJvmArguments() throws Exception {
        assertEquals(List.of("-Xmx3g", "-Dfwbench.tuning=retune"), List.of(RunArguments.forkArgsAppended(
                new CommandLineOptions("-jvmArgsAppend", "-Xmx3g"), RunArguments.tuningMode("retune"))));
        assertEquals(List.of("-Dfwbench.tuning=table"), List.of(RunArguments.forkArgsAppended(new CommandLineOptions(), TuningMode.TABLE)));
        // every fork is told the run's command, which JMH records with its results for the report's Method
        assertEquals(List.of("-Dfwbench.tuning=table", "-Dfwbench.command=java -jar target/benchmarks.jar -p n=1000"),
                List.of(RunArguments.withCommand(new String[] {"-Dfwbench.tuning=table"}, "java -jar target/benchmarks.jar -p n=1000")));
    }
}
