package dev.ura.app.ui.runs;

import dev.ura.trace.io.TraceFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the Runs window reads: a folder of traces (response 0 per file) or a run-series CSV. */
class RunsLoadWorkerTest {
    @TempDir
    Path dir;

    @Test
    void folderMeasuresResponseZeroAndSkipsFilesThatAreNotTraces() throws Exception {
        copySample("/samples/click-asynctask.trace", "build-1.trace");
        copySample("/samples/click-asynctask-fixed.trace", "build-2.trace");
        Files.writeString(dir.resolve("notes.txt"), "not a trace");
        RunsLoadWorker.LoadedRuns r = new RunsLoadWorker(dir).doInBackground();
        assertThat(r.nanoseconds()).isTrue();
        assertThat(r.regression().series().runs()).containsExactly("build-1", "build-2");
        assertThat(r.files()).containsExactly(dir.resolve("build-1.trace"), dir.resolve("build-2.trace"));
        // the fixed twin answers faster; values are nanoseconds of response 0
        assertThat(r.regression().series().value(0)).isGreaterThan(r.regression().series().value(1)).isGreaterThan(1e6);
        assertThat(r.warnings()).singleElement().asString().contains("notes.txt").endsWith("(skipped)");
    }

    @Test
    void csvShowsTheFirstMetricAndSaysSo() throws Exception {
        Path csv = dir.resolve("series.csv");
        Files.writeString(csv, "run,metric,value\nc1,launch,10\nc1,scroll,3\nc2,launch,11\nc2,scroll,4\nc3,launch,x\n");
        RunsLoadWorker.LoadedRuns r = new RunsLoadWorker(csv).doInBackground();
        assertThat(r.nanoseconds()).isFalse();
        assertThat(r.files()).isEmpty();
        assertThat(r.regression().series().metric()).isEqualTo("launch");
        assertThat(r.regression().series().runs()).containsExactly("c1", "c2");
        assertThat(r.warnings().get(0)).isEqualTo("showing metric launch, the first of 2");
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("line 6"));
    }

    @Test
    void aFileThatIsNotACsvIsOneLineNamingIt() throws Exception {
        Path bad = dir.resolve("app.trace");
        Files.writeString(bad, "a,b,c,d\n");
        assertThatThrownBy(() -> new RunsLoadWorker(bad).doInBackground())
                .isInstanceOf(TraceFormatException.class)
                .satisfies(e -> assertThat(ComparisonView.oneLine(e)).contains("app.trace").doesNotContain("\n"));
    }

    private void copySample(String resource, String name) throws Exception {
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            Files.copy(in, dir.resolve(name));
        }
    }
}
