package fwbench.solve;

/**
 * The graph was fine, but there is no answer to give: a failed verification, a fault on the
 * device, or (the subclass {@link NegativeCycleFound}) a negative cycle. {@code solve} says it in
 * one line and exits with 1.
 */
public class SolveFailure extends Exception {

    public SolveFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
