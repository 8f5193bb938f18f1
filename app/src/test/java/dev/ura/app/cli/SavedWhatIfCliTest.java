package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.annotations.ScenarioJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze} (and export-png / report) estimate the what-if changes the window saved in the
 * sidecar when no what-if flag is given; flags win, {@code --no-saved-what-if} turns them off, and
 * a file without saved changes prints what it printed before.
 */
class SavedWhatIfCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path log(Path dir) throws IOException {
        return Files.writeString(dir.resolve("load.jsonl"), WhatIfPatternCliTest.LOG);
    }

    private static void save(Path log, String kind, String glob) throws IOException {
        AnnotationStore.beside(log).saveWhatIf(log.getFileName().toString(), List.of(
                new AnnotationStore.WhatIf(0, List.of(new ScenarioJson(kind, glob, null, null, null, null)))));
    }

    @Test
    void savedChangesAreEstimatedWithoutFlags(@TempDir Path dir) throws IOException {
        Path log = log(dir);
        WhatIfPatternCliTest.Run before = WhatIfPatternCliTest.run("analyze", log.toString(), "--json");
        assertThat(JSON.readTree(before.out()).path("responses").get(0).has("whatIf")).isFalse();

        save(log, "defer", "com.ex.Load.fetch");
        WhatIfPatternCliTest.Run r = WhatIfPatternCliTest.run("analyze", log.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode whatIf = JSON.readTree(r.out()).path("responses").get(0).path("whatIf");
        // the same 150 ms as --defer com.ex.Load.fetch (WhatIfPatternCliTest): end 185 → 35 ms
        assertThat(whatIf.path("savedNs").asLong()).isEqualTo(150_000_000L);
        assertThat(whatIf.path("savedIn").asText()).isEqualTo("load.jsonl.ura.json");

        WhatIfPatternCliTest.Run text = WhatIfPatternCliTest.run("analyze", log.toString());
        assertThat(text.out()).contains("what if defer com.ex.Load.fetch (saved in load.jsonl.ura.json):")
                .contains("saves 150.0 ms");
    }

    @Test
    void flagsWinAndSavedChangesCanBeTurnedOff(@TempDir Path dir) throws IOException {
        Path log = log(dir);
        save(log, "defer", "com.ex.Load.fetch");
        // speed-up ×2 of the 150 ms fetch: 75 ms, the flag's, not the saved defer's
        WhatIfPatternCliTest.Run flags = WhatIfPatternCliTest.run("analyze", log.toString(), "--json",
                "--speedup", "com.ex.Load.fetch=2");
        JsonNode whatIf = JSON.readTree(flags.out()).path("responses").get(0).path("whatIf");
        assertThat(whatIf.path("savedNs").asLong()).isEqualTo(75_000_000L);
        assertThat(whatIf.has("savedIn")).isFalse();

        WhatIfPatternCliTest.Run off = WhatIfPatternCliTest.run("analyze", log.toString(), "--json", "--no-saved-what-if");
        assertThat(off.exit()).as(off.err()).isZero();
        assertThat(JSON.readTree(off.out()).path("responses").get(0).has("whatIf")).isFalse();
    }

    @Test
    void aSavedChangeForAnotherResponseOrAMissingSliceIsLeftOut(@TempDir Path dir) throws IOException {
        Path log = log(dir);
        // response 3 does not exist; a slice reference beyond the file's threads cannot be read
        AnnotationStore.beside(log).saveWhatIf("load.jsonl", List.of(
                new AnnotationStore.WhatIf(3, List.of(new ScenarioJson("defer", "com.ex.Load.fetch", null, null, null, null))),
                new AnnotationStore.WhatIf(0, List.of(new ScenarioJson("defer", null, 99, 0, "gone", null)))));
        WhatIfPatternCliTest.Run r = WhatIfPatternCliTest.run("analyze", log.toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(JSON.readTree(r.out()).path("responses").get(0).has("whatIf")).isFalse();
    }

    @Test
    void reportAndExportPngApplyThemToo(@TempDir Path dir) throws IOException {
        Path log = log(dir);
        save(log, "defer", "com.ex.Load.fetch");
        Path md = dir.resolve("r.md");
        WhatIfPatternCliTest.Run report = WhatIfPatternCliTest.run("report", log.toString(), "-o", md.toString());
        assertThat(report.exit()).as(report.err()).isZero();
        WhatIfPatternCliTest.Run plain = WhatIfPatternCliTest.run("report", log.toString(), "-o",
                dir.resolve("plain.md").toString(), "--no-saved-what-if");
        assertThat(plain.exit()).as(plain.err()).isZero();
        assertThat(Files.readString(md)).contains("150.0 ms");
        assertThat(Files.readString(md)).isNotEqualTo(Files.readString(dir.resolve("plain.md")));
        WhatIfPatternCliTest.Run png = WhatIfPatternCliTest.run("export-png", log.toString(), "-o",
                dir.resolve("r.png").toString());
        assertThat(png.exit()).as(png.err()).isZero();
    }
}
