package fwbench.variant.core;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LaunchInEffectTest {

    @Test
    void namedHoldsTheSettingsTheVariantHasInOrder() {
        Map<String, Integer> named = new LaunchInEffect(128, 2, 0, 5).named();
        assertEquals(Map.of("tile", 128, "restLaunches", 2, "groupedRounds", 5), named);
        assertEquals(List.of("tile", "restLaunches", "groupedRounds"), List.copyOf(named.keySet()));
        assertEquals(List.of("tile", "blocksPerSm"), List.copyOf(new LaunchInEffect(64, 0, 1, 0).named().keySet()));
    }

    @Test
    void noSettingsNameNothing() {
        assertEquals(Map.of(), LaunchInEffect.NONE.named());
    }

    @Test
    void aNegativeSettingIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LaunchInEffect(64, -1, 0, 0));
    }
}
