package fwbench.variant;

import fwbench.variant.core.LaunchChoice;
import fwbench.variant.core.TileFit;

import java.util.List;
import java.util.Optional;

/**
 * A variant's tiles against the shared memory a block of the device in use may have
 * ({@link TileFit}): what a tuning pass measures and what a run's plan refuses. Variants without a
 * tile fit in the registry are not checked here (their solvers fail at launch instead).
 */
public final class TileFits {

    private TileFits() {
    }

    /** The variant's tile fit on the device in use; empty for a variant the registry gives none. */
    public static Optional<TileFit> onDevice(Variant variant) {
        return Optional.ofNullable(variant.traits.tileFit()).map(fit -> fit.apply(variant));
    }

    /** The launch candidates at n whose tile fits the device: a tile that does not is not measured. */
    public static List<LaunchChoice> launchCandidates(Variant variant, int n) {
        List<LaunchChoice> candidates = variant.launchCandidates(n);
        return onDevice(variant).map(fit -> fit.candidates(candidates)).orElse(candidates);
    }

    /** Refuses a -D pin of the variant's tile that the device cannot hold (TileDoesNotFitException, one line). */
    public static void requirePinFits(Variant variant) {
        if (!variant.launchPins().isEmpty()) onDevice(variant).ifPresent(TileFit::requirePinFits);
    }
}
