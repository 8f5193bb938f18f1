package dev.ura.trace.conformance;

import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ura's Perfetto reader against the official protos ({@link OfficialDecoder}) on real captures and
 * on the project's own Perfetto samples: packets, threads, thread slices (each one, by name and
 * times), FrameTimeline actual frames and clock snapshots must agree.
 */
class RealPerfettoConformanceTest {

    /**
     * nowinandroid (Pixel 7 Pro, Android 13, app-only atrace). The capture's README, counted with
     * the same official proto: 7,676 packets, 5 threads, 3,122 B slices on 4 threads, 4 clock
     * snapshots; 7,475 FrameTimeline packets of which 801 actual display frame starts and 1,068
     * actual surface frame starts (739 of them of the app, pid 9305).
     */
    @Test
    void nowinandroidCapture() throws Exception {
        Path f = SharedFiles.require("traces/system-real/nowinandroid__trace.perfetto-trace");
        byte[] bytes = Files.readAllBytes(f);
        OfficialDecoder.Counts official = OfficialDecoder.count(bytes);
        UraCounts ura = UraCounts.of(f.toString(), bytes);

        assertThat(official.packets()).isEqualTo(7_676);
        assertThat(official.threads()).hasSize(5);
        assertThat(official.sliceCount()).isEqualTo(3_122);
        assertThat(official.slicesPerThread()).hasSize(4);
        assertThat(official.clockSnapshots()).isEqualTo(4);
        assertThat(official.actualFrames()).isEqualTo(801 + 1_068);
        assertSame(official, ura);
    }

    @ParameterizedTest
    @ValueSource(strings = {"feed-tap", "news-click"})
    void projectSamples(String name) throws Exception {
        Path f = samples().resolve(name + ".perfetto-trace");
        byte[] bytes = Files.readAllBytes(f);
        OfficialDecoder.Counts official = OfficialDecoder.count(bytes);
        assertThat(official.sliceCount()).isPositive();
        assertSame(official, UraCounts.of(f.toString(), bytes));
    }

    static void assertSame(OfficialDecoder.Counts official, UraCounts ura) {
        assertThat(ura.packets()).as("packets").isEqualTo(official.packets());
        assertThat(ura.threads()).as("threads").containsAll(official.threads());
        assertThat(ura.slicesPerThread()).as("slices per thread").isEqualTo(official.slicesPerThread());
        assertThat(ura.slices()).as("each slice: name start-end").isEqualTo(official.slices());
        assertThat(ura.actualFrames()).as("FrameTimeline actual frames").isEqualTo(official.actualFrames());
        assertThat(ura.clockPairs()).as("clock snapshots").isEqualTo(official.clockSnapshots());
    }

    /** sample-traces/samples/system, from this module's folder or the checkout root. */
    static Path samples() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path c = p.resolve("sample-traces/samples/system");
            if (Files.isDirectory(c)) {
                return c;
            }
        }
        throw new IllegalStateException("sample-traces/samples/system not found above " + Path.of("").toAbsolutePath());
    }
}
