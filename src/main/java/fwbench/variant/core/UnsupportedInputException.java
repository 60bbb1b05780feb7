package fwbench.variant.core;

/** A variant cannot represent or solve this input (negative weights, distances out of range...). */
public class UnsupportedInputException extends RuntimeException {
    public UnsupportedInputException(String message) {
        super(message);
    }
}
