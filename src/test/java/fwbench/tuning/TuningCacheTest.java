package fwbench.tuning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fwbench.variant.core.LaunchChoice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TuningCacheTest {

    @TempDir
    Path dir;

    private final List<String> said = new ArrayList<>();

    private static final TuningCache.Key KLEENE_8192 = new TuningCache.Key("NVIDIA H200", 90, "abc123", "kleene", NRange.of(8192));

    private static TuningCache.Entry entry(TuningCache.Key key, LaunchChoice choice) {
        Map<String, Double> millis = new LinkedHashMap<>();
        millis.put("T=64 and 1 REST launch", 1.62);
        millis.put(choice.text(), 1.31);
        return new TuningCache.Entry(key, 8192, choice, millis, "2026-11-24");
    }

    private TuningCache read(Path file) {
        return TuningCache.read(file, said::add, "CONSEQUENCE");
    }

    @Test
    void aMissingFileIsAnEmptyCacheSaidNothingOf() {
        TuningCache cache = read(dir.resolve("tuning.json"));
        assertTrue(cache.find(KLEENE_8192).isEmpty());
        assertEquals(List.of(), said);
    }

    @Test
    void entriesSurviveARoundTripThroughTheFile() throws IOException {
        Path file = dir.resolve("sub").resolve("tuning.json");  // its folder is made
        TuningCache cache = read(file);
        TuningCache.Key open = new TuningCache.Key("NVIDIA H200", 90, "abc123", "packed16", NRange.of(131072));
        cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
        cache.put(entry(open, LaunchChoice.tile(256).withBlocksPerSm(LaunchChoice.ALL_THAT_FIT)));
        TuningCache.Key packed1000 = new TuningCache.Key("NVIDIA H200", 90, "abc123", "packed16", NRange.of(1000));
        cache.put(entry(packed1000, LaunchChoice.tile(64).withBlocksPerSm(1)));
        assertTrue(cache.write(said::add));

        TuningCache again = read(file);
        assertEquals(new LaunchChoice(128, 2), again.find(KLEENE_8192).orElseThrow().choice());
        assertEquals(entry(KLEENE_8192, new LaunchChoice(128, 2)), again.find(KLEENE_8192).orElseThrow());
        assertEquals(LaunchChoice.tile(256).withBlocksPerSm(LaunchChoice.ALL_THAT_FIT), again.find(open).orElseThrow().choice());
        assertEquals(LaunchChoice.tile(64).withBlocksPerSm(1), again.find(packed1000).orElseThrow().choice());
        assertEquals(List.of(), said);

        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals(TuningCache.VERSION, json.get("version").asInt());
        JsonNode first = json.get("entries").get(0);
        assertEquals("NVIDIA H200", first.get("device").asText());
        assertEquals(8192, first.get("nFrom").asInt());
        assertEquals(8193, first.get("nBelow").asInt());
        assertEquals(1.31, first.get("millis").get("T=128 and 2 REST launches").asDouble());
        assertEquals(0, first.get("blocksPerSm").asInt(), "kleene has no dataflow launch");
        assertEquals(1, json.get("entries").get(2).get("blocksPerSm").asInt());
        try (var files = Files.list(file.getParent())) {
            assertEquals(1, files.count(), "no temporary file left beside it");
        }
    }

    @Test
    void anEntryOfTheSameKeyIsReplaced() {
        Path file = dir.resolve("tuning.json");
        TuningCache cache = read(file);
        cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
        cache.put(entry(KLEENE_8192, new LaunchChoice(64, 1)));
        assertTrue(cache.write(said::add));
        assertEquals(new LaunchChoice(64, 1), read(file).find(KLEENE_8192).orElseThrow().choice());
    }

    /** A rebuild with changed kernels has another fingerprint: the old choice is not found, so it is tuned again. */
    @Test
    void anotherKernelFingerprintDeviceVariantOrRangeFindsNothing() {
        Path file = dir.resolve("tuning.json");
        TuningCache cache = read(file);
        cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
        cache.write(said::add);
        TuningCache again = read(file);
        assertTrue(again.find(KLEENE_8192).isPresent());
        assertTrue(again.find(new TuningCache.Key("NVIDIA H200", 90, "def456", "kleene", NRange.of(8192))).isEmpty(), "changed kernels");
        assertTrue(again.find(new TuningCache.Key("NVIDIA H100 80GB HBM3", 90, "abc123", "kleene", NRange.of(8192))).isEmpty(), "another device");
        assertTrue(again.find(new TuningCache.Key("NVIDIA H200", 89, "abc123", "kleene", NRange.of(8192))).isEmpty(), "another capability");
        assertTrue(again.find(new TuningCache.Key("NVIDIA H200", 90, "abc123", "kleene-f32", NRange.of(8192))).isEmpty(), "another variant");
        assertTrue(again.find(new TuningCache.Key("NVIDIA H200", 90, "abc123", "kleene", NRange.of(4096))).isEmpty(), "another range");
    }

    @Test
    void aCorruptFileIsOneLineIgnoredAndRewritten() throws IOException {
        for (String corrupt : List.of("{\"version\": 1, \"entries\": [", "not json at all", "{\"version\": 1, \"entries\": [{\"device\": \"x\"}]}",
                "{\"version\": 99, \"entries\": []}", "{\"version\": 1}", "{\"entries\": []}", "[]", "", "null")) {
            said.clear();
            Path file = dir.resolve("tuning.json");
            Files.writeString(file, corrupt);
            TuningCache cache = read(file);
            assertTrue(cache.find(KLEENE_8192).isEmpty(), corrupt);
            assertEquals(1, said.size(), corrupt + ": " + said);
            assertTrue(said.get(0).startsWith("the tuning cache " + file + " is not readable JSON of this suite ("), said.get(0));
            assertTrue(said.get(0).endsWith("): ignored; CONSEQUENCE"), said.get(0));
            assertFalse(said.get(0).contains("\n"), "one line");
            cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
            assertTrue(cache.write(said::add));
            assertTrue(read(file).find(KLEENE_8192).isPresent(), "rewritten");
        }
    }

    /** A file of the format before blocks per SM (2) is one line, ignored, and rewritten in this one: its choices are tuned again. */
    @Test
    void aFileOfTheFormerFormatIsOneLineIgnoredAndRewritten() throws IOException {
        assertEquals(3, TuningCache.VERSION);
        Path file = dir.resolve("tuning.json");
        Files.writeString(file, """
                {"version": 2, "entries": [{"device": "NVIDIA H200", "computeCapability": 90, "kernels": "abc123", "variant": "kleene",
                  "nFrom": 8192, "nBelow": 8193, "tunedAtN": 8192, "tile": 128, "restLaunches": 2, "millis": {}, "date": "2026-11-24"}]}
                """);
        TuningCache cache = read(file);
        assertTrue(cache.find(KLEENE_8192).isEmpty());
        assertEquals(List.of("the tuning cache " + file + " is not readable JSON of this suite (format 2, not 3): ignored; CONSEQUENCE"), said);
        cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
        assertTrue(cache.write(said::add));
        assertEquals(3, new ObjectMapper().readTree(file.toFile()).get("version").asInt());
    }

    @Test
    void anUnreadableFileIsOneLineAndIgnored() throws IOException {
        Path folder = dir.resolve("tuning.json");
        Files.createDirectory(folder);  // a folder where the file should be: reading it fails
        TuningCache cache = read(folder);
        assertTrue(cache.find(KLEENE_8192).isEmpty());
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("cannot read the tuning cache " + folder + " ("), said.get(0));
    }

    @Test
    void anUnwritableFolderIsOneLineAndTheChoiceStaysInMemory() throws IOException {
        Path notAFolder = dir.resolve("plain-file");
        Files.writeString(notAFolder, "x");
        Path file = notAFolder.resolve("tuning.json");
        TuningCache cache = read(file);  // says it cannot read it either
        said.clear();
        cache.put(entry(KLEENE_8192, new LaunchChoice(128, 2)));
        assertFalse(cache.write(said::add));
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("cannot write the tuning cache " + file + " ("), said.get(0));
        assertTrue(said.get(0).endsWith("): the choice is kept for this trial only"), said.get(0));
        assertTrue(cache.find(KLEENE_8192).isPresent(), "kept in memory");
    }

    /** The tests' JVM has -Dfwbench.tuning.dir (pom.xml), so that no test writes the home folder's cache. */
    @Test
    void thePropertyNamesTheFolder() {
        String dirProperty = System.getProperty(TuningCache.DIR_PROPERTY);
        assertTrue(dirProperty != null, "surefire sets -D" + TuningCache.DIR_PROPERTY);
        assertEquals(Path.of(dirProperty, TuningCache.FILE_NAME), TuningCache.defaultFile());
        assertEquals(TuningCache.defaultFile(), LaunchTuning.defaultCacheFile());
    }
}
