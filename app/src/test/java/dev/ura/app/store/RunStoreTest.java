package dev.ura.app.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store's schema versions and its one-transaction-per-run rule, on real DuckDB. */
public class RunStoreTest {
    @TempDir
    Path dir;

    /** A run of {@code durationNs} for response 0, tagged {@code build}, with one path category. */
    public static StoredRun run(String hash, String build, String scenario, long durationNs) {
        StoredRun.Run r = new StoredRun.Run(hash, "/lab/" + hash + ".trace", "android-trace", "streaming", 1000, null,
                null, null, null, durationNs, 1, null, 0, Map.of(), Map.of("build", build, "scenario", scenario), null,
                "ura test", 0);
        return new StoredRun(r, List.of(new StoredRun.Response(0, "tap", "main", 0, durationNs, durationNs, true,
                "DRAW", "main", "draw", durationNs, null, null, false)),
                List.of(new StoredRun.CategoryTotal(0, "CPU", durationNs / 2, 1)), List.of(), List.of(), List.of(),
                List.of());
    }

    @Test
    void aNewStoreIsAtTheCurrentVersionAndReopensWithoutMigrating() throws Exception {
        try (RunStore s = RunStore.openForWriting(dir)) {
            assertThat(StoreSchema.version(s.connection())).isEqualTo(StoreSchema.current());
            assertThat(s.insert(run("a", "1", "x", 10))).isTrue();
        }
        try (RunStore s = RunStore.openForWriting(dir)) {
            assertThat(StoreSchema.version(s.connection())).isEqualTo(StoreSchema.current());
            assertThat(s.runCount()).isEqualTo(1);
            assertThat(s.insert(run("a", "1", "x", 10))).as("same hash: already stored").isFalse();
            assertThat(s.runCount()).isEqualTo(1);
        }
    }

    @Test
    void aStoreFromANewerUraIsRefused() throws Exception {
        try (RunStore s = RunStore.openForWriting(dir); Statement st = s.connection().createStatement()) {
            st.execute("INSERT INTO schema_version VALUES (99, now())");
        }
        assertThatThrownBy(() -> RunStore.openForWriting(dir)).isInstanceOf(StoreException.class)
                .hasMessageContaining("schema version 99").hasMessageContaining("newer ura");
        assertThatThrownBy(() -> RunStore.openForReading(dir)).isInstanceOf(StoreException.class)
                .hasMessageContaining("schema version 99");
    }

    @Test
    void aRunWhoseRowsFailLeavesNothing() throws Exception {
        try (RunStore s = RunStore.openForWriting(dir)) {
            StoredRun good = run("b", "2", "x", 10);
            // Two responses with the same index break the responses key after the runs row is written.
            StoredRun bad = new StoredRun(good.run(), List.of(good.responses().get(0), good.responses().get(0)),
                    good.categories(), List.of(), List.of(), List.of(), List.of());
            assertThatThrownBy(() -> s.insert(bad)).isInstanceOf(StoreException.class);
            assertThat(s.runCount()).isZero();
            assertThat(StoreQuery.run(s, "SELECT count(*) FROM tags").rows().get(0).get(0)).isEqualTo(0L);
            assertThat(s.insert(good)).isTrue();
        }
    }
}
