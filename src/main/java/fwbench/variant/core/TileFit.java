package fwbench.variant.core;

import fwbench.cuda.CudaContext;
import fwbench.cuda.DeviceInfo;
import fwbench.cuda.KernelModule;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

/**
 * Which of a variant's tiles a block of the device can hold. A tile's kernels ask for the dynamic
 * shared memory their launch shapes export, and a block may opt in to at most the device's limit
 * ({@link DeviceInfo#maxSharedBytesPerBlock()}: far less on sm_75, sm_86 and sm_89 than on sm_80
 * and sm_90), so a tile past it is no candidate: the table falls back to the largest that fits (the
 * solver's description says so), a tuning pass does not measure it, and a pin of it is refused in
 * one line before anything is allocated ({@link TileDoesNotFitException}).
 *
 * @param variant     the variant's id, for the refusal
 * @param device      the device's name, for the refusal
 * @param limitBytes  shared memory a block of the device may opt in to
 * @param pin         the property that pins the variant's tile, for the refusal's way out; null for a
 *                    variant of one tile, which nothing pins (kleene-packed16)
 * @param tiles       the variant's tiles, smallest first: 64, 128
 * @param sharedBytes the most shared memory any of the variant's kernels at a tile asks a block for, by tile
 */
public record TileFit(String variant, String device, int limitBytes, LaunchPin pin, List<Integer> tiles, IntUnaryOperator sharedBytes) {

    public TileFit {
        tiles = List.copyOf(tiles);
        if (tiles.isEmpty()) throw new IllegalArgumentException(variant + " has no tiles");
        if (pin == null && tiles.size() > 1) throw new IllegalArgumentException(variant + " has tiles " + tiles + " and no pin to choose one");
    }

    /**
     * The fit on the device in use, from the shapes the variant's kernels at each tile export
     * ({@code kernelsAt}: their names at T); reading them loads the module and allocates nothing.
     */
    public static TileFit onDevice(VariantTraits variant, LaunchPin pin, List<Integer> tiles, IntFunction<List<String>> kernelsAt) {
        CudaContext cuda = CudaContext.get();
        KernelModule module = cuda.module(variant.kernelModule());
        DeviceInfo device = cuda.device();
        return new TileFit(variant.id(), device.name(), device.maxSharedBytesPerBlock(), pin, tiles,
                tile -> kernelsAt.apply(tile).stream().mapToInt(k -> module.shape(k).sharedBytes()).max().orElse(0));
    }

    /** The fit on the device in use of a variant's only tile, which nothing pins (kleene-packed16): where it does not fit, nothing of the variant runs. */
    public static TileFit onDevice(VariantTraits variant, int onlyTile, List<String> kernels) {
        return onDevice(variant, null, List.of(onlyTile), tile -> kernels);
    }

    /** Whether a block of the device can hold the shared memory of every kernel at this tile. */
    public boolean fits(int tile) {
        return sharedBytes.applyAsInt(tile) <= limitBytes;
    }

    /** The largest of the variant's tiles up to {@code wanted} that fits; {@code wanted} itself where none does (its refusal follows). */
    public int largestFittingUpTo(int wanted) {
        return tiles.stream().filter(t -> t <= wanted && fits(t)).reduce((smaller, larger) -> larger).orElse(wanted);
    }

    /** The candidates whose tile fits (a choice without a tile, the table's, stays): what a tuning pass may measure. */
    public List<LaunchChoice> candidates(List<LaunchChoice> candidates) {
        return candidates.stream().filter(c -> c.tile() == 0 || fits(c.tile())).toList();
    }

    /**
     * The tile a solver runs: the pin, else the tuned choice, else the table's where it fits and
     * else the largest tile that does, whose origin says why ({@link #lowered(int)}). A pin or tuned
     * tile that does not fit is refused.
     *
     * @param tuned the configuration's tile, 0 where none
     * @param table the table's tile for the solve's n
     */
    public LaunchSetting setting(int tuned, IntSupplier table) {
        requirePinFits();
        LaunchSetting chosen = LaunchSetting.of(pin, tuned, table);
        LaunchSetting setting = chosen.fromTable() ? fittingInPlaceOfTable(chosen.value()) : chosen;
        if (!fits(setting.value())) throw refusal(setting.value());
        return setting;
    }

    /** The table's tile where it fits, else the largest that does; the table's tile where none does (its refusal follows). */
    private LaunchSetting fittingInPlaceOfTable(int tableTile) {
        int fitting = largestFittingUpTo(tableTile);
        return fitting == tableTile ? new LaunchSetting(tableTile, LaunchSetting.TABLE) : new LaunchSetting(fitting, lowered(tableTile));
    }

    /**
     * The origin of a tile that replaced the table's, for describe(): "(the table's T=128 needs
     * 135168 bytes of shared memory a block; a block of NVIDIA L4 may have 101376)", so that
     * "T=64 from the table" never claims what the table did not say.
     */
    private String lowered(int tableTile) {
        return "(the table's " + needs(tableTile) + "; " + deviceLimit() + ")";
    }

    /**
     * The setting as chosen, refused where its tile does not fit: for a variant whose memory and
     * schedule are planned with the table's tile (dataflow, packed16), which therefore may not fall back.
     */
    public LaunchSetting requireFits(LaunchSetting setting) {
        requirePinFits();
        if (!fits(setting.value())) throw refusal(setting.value());
        return setting;
    }

    /**
     * Refuses a pinned tile that does not fit, naming the pin as typed: what a run checks before it
     * starts (a value the pin does not take is refused by {@link LaunchPin#value()}).
     */
    public void requirePinFits() {
        if (pin == null) return;
        pin.value().filter(t -> !fits(t)).ifPresent(t -> {
            throw new TileDoesNotFitException("-D" + pin.property() + "=" + t + ": " + refusal(t).getMessage());
        });
    }

    /**
     * "kleene-i64 at T=128 needs 135168 bytes of shared memory a block, and a block of NVIDIA L4
     * may have 101376: -Dfwbench.kleene.tile=64 fits it", or, where no tile fits, "... no tile of
     * kleene-i64 (64 or 128) fits it", and for a variant of one tile "... kleene-packed16 has no other tile".
     */
    public TileDoesNotFitException refusal(int tile) {
        List<Integer> fitting = tiles.stream().filter(this::fits).toList();
        String allowed = pin == null ? variant + " has no other tile"
                : fitting.isEmpty() ? "no tile of " + variant + " (" + pin.takes() + ") fits it"
                : fitting.stream().map(t -> "-D" + pin.property() + "=" + t).reduce((a, b) -> a + " or " + b).orElseThrow() + " fits it";
        return new TileDoesNotFitException(variant + " at " + needs(tile) + ", and " + deviceLimit() + ": " + allowed);
    }

    /** "T=128 needs 135168 bytes of shared memory a block": one wording for a refusal and a lowered tile. */
    private String needs(int tile) {
        return "T=" + tile + " needs " + sharedBytes.applyAsInt(tile) + " bytes of shared memory a block";
    }

    /** "a block of NVIDIA L4 may have 101376". */
    private String deviceLimit() {
        return "a block of " + device + " may have " + limitBytes;
    }
}
