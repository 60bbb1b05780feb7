package fwbench.solve;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A solve's progress lines: a long stage says it is still running, a quick unannounced one nothing. */
class ProgressTest {

    @Test
    void longStagesSayTheyAreStillRunning() throws Exception {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text, true), "p: ", 20);
        int result = progress.timed("waiting", () -> {
            Thread.sleep(200);
            return 7;
        });
        assertEquals(7, result);
        List<String> lines = text.toString().lines().toList();
        assertEquals("p: waiting", lines.get(0));
        assertTrue(lines.size() >= 3 && lines.get(1).startsWith("p:   still waiting: "), lines.toString());
        assertTrue(progress.lastSeconds() >= 0.2);
        int after = lines.size();
        Thread.sleep(100);
        assertEquals(after, text.toString().lines().count(), "the timer stops with the stage");
        StringWriter quiet = new StringWriter();
        new Progress(new PrintWriter(quiet, true), "p: ", 1000).timed("reading", false, () -> 1);
        assertFalse(quiet.toString().contains("reading"), "an unannounced quick stage prints nothing");
    }
}
