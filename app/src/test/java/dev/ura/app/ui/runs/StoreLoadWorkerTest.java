package dev.ura.app.ui.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.cli.UraCommand;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Runs window gets from a run store that {@code ura batch} filled from real sample traces: the
 * series for a metric and a scenario, the trace behind each point, and the pickers' contents. The values
 * themselves are the store's (its tests hold them to {@code analyze --json}); here each point must carry
 * the value {@code analyze --json} prints for the very file the point opens.
 */
class StoreLoadWorkerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * scenario=click: build 1 is the slow AsyncTask click, build 2 its fixed twin; scenario=launch: build 1 is
     * the news app's launch. Stored newest build first, so the order on the chart comes from the build tag.
     */
    static Path store(Path dir) throws Exception {
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Path store = dir.resolve("store");
        batch(sample(traces, "click-asynctask-fixed.trace"), store, "scenario=click", "build=2");
        batch(sample(traces, "click-asynctask.trace"), store, "scenario=click", "build=1");
        batch(sample(traces, "news-launch.trace"), store, "scenario=launch", "build=1");
        return store;
    }

    private static Path sample(Path traces, String name) throws Exception {
        Path f = traces.resolve(name);
        Files.write(f, dev.ura.samples.Samples.bytes("/samples/" + name));
        return f;
    }

    private static void batch(Path trace, Path store, String scenario, String build) {
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(new String[] {"batch", trace.toString(), "--store", store.toString(), "--tag", scenario,
                "--tag", build}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(exit).as(err.toString()).isZero();
    }

    /** Response durations {@code analyze --json} prints for {@code trace}. */
    /** From analyze --json: the slowest response of response 0's gesture (response 0 when it has none). */
    private static long firstAction(Path trace) throws Exception {
        StringWriter out = new StringWriter();
        assertThat(UraCommand.run(new String[] {"analyze", trace.toString(), "--json"}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true))).isZero();
        JsonNode responses = JSON.readTree(out.toString()).get("responses");
        JsonNode first = responses.get(0);
        long best = first.get("durationNs").asLong();
        if (first.hasNonNull("gesture")) {
            for (JsonNode r : responses) {
                if (r.hasNonNull("gesture") && r.get("gesture").asInt() == first.get("gesture").asInt()) {
                    best = Math.max(best, r.get("durationNs").asLong());
                }
            }
        }
        return best;
    }

    private static long[] durations(Path trace) throws Exception {
        StringWriter out = new StringWriter();
        int exit = UraCommand.run(new String[] {"analyze", trace.toString(), "--json"}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
        assertThat(exit).isZero();
        JsonNode responses = JSON.readTree(out.toString()).get("responses");
        long[] d = new long[responses.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = responses.get(i).get("durationNs").asLong();
        }
        return d;
    }

    @Test
    void aStoreIsRecognisedByItsDatabaseFile() throws Exception {
        Path store = store(dir);
        assertThat(StoreLoadWorker.storeDir(List.of(store))).isEqualTo(store);
        assertThat(StoreLoadWorker.storeDir(List.of(store.resolve(RunStore.FILE)))).isEqualTo(store.toAbsolutePath());
        assertThat(StoreLoadWorker.storeDir(List.of(dir.resolve("traces")))).as("a folder of traces").isNull();
    }

    @Test
    void defaultsToTheFirstScenarioByBuildAndListsWhatTheStoreHolds() throws Exception {
        Path store = store(dir);
        StoreLoadWorker.LoadedStore r = new StoreLoadWorker(store, null).doInBackground();
        assertThat(r.catalog().runs()).isEqualTo(3);
        assertThat(r.catalog().tags()).containsEntry("scenario", List.of("click", "launch"))
                .containsEntry("build", List.of("1", "2"));
        assertThat(r.catalog().categories()).isNotEmpty();
        assertThat(r.choice()).isEqualTo(new StoreChoice("duration", "scenario", "click", StoreRuns.AXIS_RUN));
        RunsLoadWorker.LoadedRuns runs = r.runs();
        assertThat(runs.nanoseconds()).isTrue();
        assertThat(runs.regression().series().metric()).isEqualTo("duration[scenario=click]");
        assertThat(runs.regression().series().runs()).containsExactly("build-1", "build-2");
        Path slow = dir.resolve("traces/click-asynctask.trace");
        Path fixed = dir.resolve("traces/click-asynctask-fixed.trace");
        assertThat(runs.files()).containsExactly(slow, fixed);
        // duration is the first user action's, as regress --store takes it: the tap's slowest event
        // (its up with the click), not its down, which is the same 8.2 ms in both builds
        assertThat(runs.regression().series().values()).containsExactly(firstAction(slow), firstAction(fixed));
        assertThat(firstAction(slow)).isGreaterThan(firstAction(fixed));
    }

    @Test
    void maxDurationOfAScenarioAlongATagOrTheTimeStored() throws Exception {
        Path store = store(dir);
        Path slow = dir.resolve("traces/click-asynctask.trace");
        Path fixed = dir.resolve("traces/click-asynctask-fixed.trace");
        long slowMax = java.util.Arrays.stream(durations(slow)).max().orElseThrow();
        long fixedMax = java.util.Arrays.stream(durations(fixed)).max().orElseThrow();
        // the AsyncTask's click is the slow twin's longest response; the fix shortens it
        assertThat(slowMax).isGreaterThan(fixedMax);

        RunsLoadWorker.LoadedRuns byTag = new StoreLoadWorker(store,
                new StoreChoice("max-duration", "scenario", "click", StoreRuns.AXIS_TAG + "build")).doInBackground().runs();
        assertThat(byTag.regression().series().runs()).containsExactly("1", "2");
        assertThat(byTag.regression().series().values()).containsExactly(slowMax, fixedMax);
        assertThat(byTag.files()).containsExactly(slow, fixed);

        // stored fixed first (build 2), then slow: the time axis keeps that order
        RunsLoadWorker.LoadedRuns byTime = new StoreLoadWorker(store,
                new StoreChoice("max-duration", "scenario", "click", StoreRuns.AXIS_TIME)).doInBackground().runs();
        assertThat(byTime.files()).containsExactly(fixed, slow);
        assertThat(byTime.regression().series().values()).containsExactly(fixedMax, slowMax);

        // all runs by build: build 1 has two traces (the slow click and the launch) and keeps the faster one
        Path launch = dir.resolve("traces/news-launch.trace");
        long launchMax = java.util.Arrays.stream(durations(launch)).max().orElseThrow();
        RunsLoadWorker.LoadedRuns all = new StoreLoadWorker(store,
                new StoreChoice("max-duration", null, null, StoreRuns.AXIS_RUN)).doInBackground().runs();
        assertThat(all.regression().series().runs()).containsExactly("build-1", "build-2");
        assertThat(all.regression().series().value(0)).isEqualTo(Math.min(slowMax, launchMax));
        assertThat(all.files().get(0)).isEqualTo(slowMax < launchMax ? slow : launch);
    }

    @Test
    void aCountIsNotNanosecondsAndAMissingCategorySaysWhy() throws Exception {
        Path store = store(dir);
        RunsLoadWorker.LoadedRuns count = new StoreLoadWorker(store,
                new StoreChoice("responses", "scenario", "launch", StoreRuns.AXIS_RUN)).doInBackground().runs();
        assertThat(count.nanoseconds()).isFalse();
        assertThat(count.regression().series().values()).containsExactly(durations(dir.resolve("traces/news-launch.trace")).length);
        RunsLoadWorker.LoadedRuns none = new StoreLoadWorker(store,
                new StoreChoice("path:NO SUCH CATEGORY", "scenario", "click", StoreRuns.AXIS_RUN)).doInBackground().runs();
        assertThat(none.regression()).isNull();
        assertThat(none.warnings()).singleElement().asString().startsWith("2 stored runs have no path:NO SUCH CATEGORY");
    }
}
