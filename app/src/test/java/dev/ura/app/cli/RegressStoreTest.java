package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.RunStoreTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code regress --store}: the series of a run store, judged as a CSV's would be. */
class RegressStoreTest {
    @TempDir
    Path dir;

    /**
     * 60 builds per scenario; "login" takes 100 ms ± 1 ms until build 45 and 120 ms from build 46 on
     * (run index 45), "feed" stays at 100 ms ± 1 ms. Stored out of order: the series is in build order.
     */
    private Path store() throws Exception {
        try (RunStore s = RunStore.openForWriting(dir)) {
            for (int i = 59; i >= 0; i--) {
                long jitter = ((i * 7) % 3 - 1) * 1_000_000L;
                long login = (i >= 45 ? 120_000_000L : 100_000_000L) + jitter;
                s.insert(RunStoreTest.run("login" + i, Integer.toString(i + 1), "login", login));
                s.insert(RunStoreTest.run("feed" + i, Integer.toString(i + 1), "feed", 100_000_000L + jitter));
            }
        }
        return dir;
    }

    @Test
    void findsThePlantedShiftAtItsBuildWithExitThree() throws Exception {
        Path store = store();
        BatchCommandTest.Run r = BatchCommandTest.run("regress", "--store", store.toString(), "--by", "scenario",
                "--json");
        assertThat(r.exit()).as(r.err()).isEqualTo(UraCommand.EXIT_REGRESSION);
        JsonNode metrics = new ObjectMapper().readTree(r.out()).get("metrics");
        assertThat(metrics.size()).isEqualTo(2);
        JsonNode feed = metrics.get(0);
        JsonNode login = metrics.get(1);
        assertThat(feed.get("metric").asText()).isEqualTo("duration[scenario=feed]");
        assertThat(feed.get("regressed").asBoolean()).isFalse();
        assertThat(login.get("metric").asText()).isEqualTo("duration[scenario=login]");
        assertThat(login.get("points").asInt()).isEqualTo(60);
        JsonNode cp = login.get("changePoints").get(0);
        assertThat(cp.get("index").asInt()).isEqualTo(45);
        assertThat(cp.get("run").asText()).isEqualTo("build-46");
        assertThat(login.get("regressed").asBoolean()).isTrue();
    }

    @Test
    void oneScenarioIsOkAndOtherMetricsAndErrorsAreClear() throws Exception {
        Path store = store();
        BatchCommandTest.Run feedOnly = BatchCommandTest.run("regress", "--store", store.toString(), "--metric",
                "path:CPU", "--by", "build");
        assertThat(feedOnly.exit()).isEqualTo(UraCommand.EXIT_OK); // one run per build value: nothing to judge
        assertThat(BatchCommandTest.run("regress", "--store", store.toString(), "--metric", "nope").exit())
                .isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(BatchCommandTest.run("regress", "--store", store.toString(), "x.csv").exit())
                .isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(BatchCommandTest.run("regress", "--store", dir.resolve("none").toString()).exit())
                .isEqualTo(UraCommand.EXIT_BAD_INPUT);
    }

    /**
     * A tap in a method trace is two responses, its down (response 0, a pressed-state redraw that is
     * the same 8.2 ms in both builds) and its up with the click. The store measures each run by the
     * tap's slowest event, the click, as {@code regress} on the folder does, so the fixed build is
     * faster in both.
     */
    @Test
    void aRunIsMeasuredByItsFirstUserActionAsInAFolder() throws Exception {
        Path traces = Files.createDirectories(dir.resolve("traces"));
        for (String[] s : new String[][] {{"/samples/click-asynctask.trace", "build-1.trace"},
                {"/samples/click-asynctask-fixed.trace", "build-2.trace"}}) {
            try (InputStream in = getClass().getResourceAsStream(s[0])) {
                Files.copy(in, traces.resolve(s[1]));
            }
        }
        Path store = dir.resolve("store");
        BatchCommandTest.Run batch = BatchCommandTest.run("batch", traces.toString(), "--store", store.toString());
        assertThat(batch.exit()).as(batch.err()).isZero();
        BatchCommandTest.Run sql = BatchCommandTest.run("store", "sql", store.toString(),
                "SELECT r.first_action AS fa, x.duration_ns AS d, (SELECT duration_ns FROM responses z"
                        + " WHERE z.run_hash = r.hash AND z.response = 0) AS down FROM runs r JOIN responses x"
                        + " ON x.run_hash = r.hash AND x.response = r.first_action ORDER BY r.file", "--json");
        assertThat(sql.exit()).as(sql.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(sql.out());
        JsonNode rowList = rows.isArray() ? rows : rows.get("rows");
        assertThat(rowList.size()).isEqualTo(2);
        for (JsonNode row : rowList) {
            assertThat(row.get("fa").asInt()).isEqualTo(1);
            assertThat(row.get("d").asLong()).isGreaterThan(row.get("down").asLong());
        }
        assertThat(rowList.get(0).get("d").asLong()).isGreaterThan(rowList.get(1).get("d").asLong());
        assertThat(rowList.get(0).get("down").asLong()).isEqualTo(rowList.get(1).get("down").asLong());
        for (Path t : new Path[] {traces.resolve("build-1.trace"), traces.resolve("build-2.trace")}) {
            long folderValue = TraceSession.runValueNs(TraceLoading.load(t), null).getAsLong();
            assertThat(rowList.get(t.getFileName().toString().startsWith("build-1") ? 0 : 1).get("d").asLong())
                    .isEqualTo(folderValue);
        }
    }
}
