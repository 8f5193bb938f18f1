package dev.ura.app.analysis.regression;

import dev.ura.trace.io.TraceFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceFolderSeriesTest {
    /** Stands in for trace analysis: the file holds its response time in ns, "none" or "bad". */
    private static OptionalLong measure(Path f) throws TraceFormatException {
        try {
            String s = Files.readString(f).strip();
            if (s.equals("bad")) {
                throw TraceFormatException.atOffset(f.toString(), 0, "not a trace");
            }
            return s.equals("none") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(s));
        } catch (java.io.IOException e) {
            throw TraceFormatException.ofFile(f.toString(), "unreadable", e);
        }
    }

    @Test
    void groupsBuildsInNumberOrderAndKeepsTheirMinimum(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("login@build-10.trace"), "300");
        Files.writeString(dir.resolve("build-9-run-2.trace"), "250");
        Files.writeString(dir.resolve("build-9-run-1.trace"), "200");
        Files.writeString(dir.resolve("build-9-run-10.trace"), "220");
        Files.writeString(dir.resolve("build_11.trace.gz"), "none");
        Files.writeString(dir.resolve("build12.trace"), "bad");
        Files.writeString(dir.resolve(".hidden"), "1");
        Files.createDirectory(dir.resolve("sub"));
        SeriesSet s = TraceFolderSeries.read(dir, TraceFolderSeriesTest::measure);
        RunSeries r = s.series().get(0);
        assertThat(r.metric()).isEqualTo("responseNs");
        assertThat(r.runs()).containsExactly("build-9", "build-10");
        assertThat(r.values()).containsExactly(200, 300);
        assertThat(s.warnings()).hasSize(2);
        assertThat(s.warnings().get(0)).endsWith("build_11.trace.gz: no response to measure (skipped)");
        assertThat(s.warnings().get(1)).endsWith("build12.trace: at byte 0: not a trace (skipped)");
        TraceFolderSeries.FolderRuns runs = TraceFolderSeries.readRuns(dir, TraceFolderSeriesTest::measure);
        assertThat(runs.files()).containsExactly(dir.resolve("build-9-run-1.trace"), dir.resolve("login@build-10.trace"));
    }

    @Test
    void filesWithoutBuildAreRunsInNaturalNameOrder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run10.trace"), "10");
        Files.writeString(dir.resolve("run9.trace"), "9");
        Files.writeString(dir.resolve("run100.trace.gz"), "100");
        RunSeries r = TraceFolderSeries.read(dir, TraceFolderSeriesTest::measure).series().get(0);
        assertThat(r.runs()).containsExactly("run9", "run10", "run100");
        assertThat(r.values()).containsExactly(9, 10, 100);
    }

    @Test
    void noMeasurableTraceIsAnError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.trace"), "none");
        assertThatThrownBy(() -> TraceFolderSeries.read(dir, TraceFolderSeriesTest::measure))
                .isInstanceOf(TraceFormatException.class).hasMessageContaining("no trace in the folder");
    }

    @Test
    void runNames() {
        assertThat(RunNames.runOf("Login@Build-007.trace")).isEqualTo("build-7");
        assertThat(RunNames.runOf("rebuild-3.trace")).isEqualTo("rebuild-3");
        assertThat(RunNames.runOf("x.log.gz")).isEqualTo("x");
        assertThat(RunNames.naturalOrder().compare("a2", "a10")).isNegative();
    }
}
