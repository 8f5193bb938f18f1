package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.PerfettoTraceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze --defer/--parallel/--speedup} on a Perfetto trace select slices by name, with
 * estimates worked out by hand on {@link DiskWriteBinderLockScenario} (drawn at 21600 µs; the
 * trace shows a single vsync, so no display rhythm: waits keep their lengths, docs/system-responses.md §5).
 */
class SystemWhatIfCliTest {

    private static Path trace(Path dir) throws Exception {
        return Files.write(dir.resolve("notes.perfetto-trace"), PerfettoTraceWriter.write(
                DiskWriteBinderLockScenario.script(), PerfettoTraceWriter.Options.plain()));
    }

    private static JsonNode whatIf(Path file, String... flags) throws Exception {
        String[] args = new String[3 + flags.length];
        args[0] = "analyze";
        args[1] = file.toString();
        args[2] = "--json";
        System.arraycopy(flags, 0, args, 3, flags.length);
        WhatIfPatternCliTest.Run r = WhatIfPatternCliTest.run(args);
        assertThat(r.exit()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).path("responses").get(0).path("whatIf");
    }

    @Test
    void speedingUpTheLockHoldersWorkMovesEverythingAfterTheRelease(@TempDir Path dir) throws Exception {
        // persistNotes on android.bg: 4200 µs of it on the path (5700–9900) at ×2 is 2100 µs shorter:
        // it wakes binder:600_3 at 7850 instead of 9950, and everything after moves with it
        JsonNode w = whatIf(trace(dir), "--speedup", "persistNotes=2");
        assertThat(w.path("savedNs").asLong()).isEqualTo(2_100_000L);
        assertThat(w.path("estimatedEndNs").asLong()).isEqualTo(t(21600) - 2_100_000L);
    }

    @Test
    void speedingUpTheServerSliceShrinksOnlyItsOwnPiecesNotTheLockWait(@TempDir Path dir) throws Exception {
        // AIDL…server (5400–10500) on binder:600_3: before the sleep 200 + 100 µs (done by 5550
        // instead of 5700, but the lock is still released at 9950); after it 50 runnable + 50 + 450
        // running = 550 µs → 275: the reply goes at 10325 instead of 10600. The 4250 µs the thread
        // slept for the lock are android.bg's, not the slice's own.
        JsonNode w = whatIf(trace(dir), "--speedup", "AIDL::java::INoteSync::sync::server=2");
        assertThat(w.path("savedNs").asLong()).isEqualTo(275_000L);
    }

    @Test
    void deferringTheDiskWriteOrMovingTheBinderCallOffTheMainThreadSavesNothingHere(@TempDir Path dir)
            throws Exception {
        Path file = trace(dir);
        // both only make the binder thread wait longer for android.bg's lock (released at 9950)
        assertThat(whatIf(file, "--defer", "writeNote").path("savedNs").asLong()).isZero();
        assertThat(whatIf(file, "--parallel", "AIDL::java::INoteSync::sync::client").path("savedNs").asLong()).isZero();
    }

    @Test
    void exportPngDrawsTheSystemResponseWithItsOnScreenFlag(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("notes.png");
        WhatIfPatternCliTest.Run r = WhatIfPatternCliTest.run("export-png", trace(dir).toString(), "--response", "0",
                "-o", png.toString(), "--width", "1000");
        assertThat(r.exit()).as(r.err()).isZero();
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(1000);
        // the "on screen" flag (33200 µs, after the end at 21600) is a run of its colour wider than
        // any frame mark on the ruler
        int longest = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            int run = 0;
            for (int x = 0; x < img.getWidth(); x++) {
                run = (img.getRGB(x, y) & 0xFFFFFF) == 0xBF3989 ? run + 1 : 0;
                longest = Math.max(longest, run);
            }
        }
        assertThat(longest).isGreaterThan(30);
    }

    @Test
    void aSlicePatternThatMatchesNothingIsBadUsage(@TempDir Path dir) throws Exception {
        WhatIfPatternCliTest.Run r = WhatIfPatternCliTest.run("analyze", trace(dir).toString(), "--defer", "noSuchSlice*");
        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("--defer 'noSuchSlice*' matches nothing").contains("notes.perfetto-trace");
        assertThat(r.err().strip().lines()).hasSize(1);
    }
}
