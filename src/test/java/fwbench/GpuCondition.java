package fwbench;

import fwbench.cuda.Gpu;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Disables {@link GpuTest}s where no CUDA device is present, saying why. */
public final class GpuCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Gpu.Probe probe = Gpu.probe();
        return probe.available()
                ? ConditionEvaluationResult.enabled("CUDA device: " + probe.device().get().describe())
                : ConditionEvaluationResult.disabled("skipped, no CUDA device: " + probe.reason());
    }
}
