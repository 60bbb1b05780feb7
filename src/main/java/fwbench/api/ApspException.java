package fwbench.api;

/**
 * A graph that {@link Apsp#solve} cannot solve as asked, though the graph itself is well formed:
 * the options cannot be met here (the GPU asked for without one, a variant named that does not take
 * the graph), the graph does not fit in the heap or the device's memory (the message says how much
 * is needed), the answer failed its check, or the device faulted. A negative cycle is the subclass
 * {@link NegativeCycleException}. The message is one sentence.
 */
public class ApspException extends RuntimeException {

    public ApspException(String message, Throwable cause) {
        super(message, cause);
    }
}
