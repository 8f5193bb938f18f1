package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.RunStoreTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
