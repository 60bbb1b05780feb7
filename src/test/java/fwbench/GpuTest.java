package fwbench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test or test class that needs a CUDA device: tagged {@code gpu} (run only those with
 * {@code --include-tag gpu}), and reported as skipped, with the reason, where there is no device.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("gpu")
@ExtendWith(GpuCondition.class)
public @interface GpuTest {
}
