package dev.ura.app.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's tables and how an older store is brought up to date. Each migration is applied once,
 * in order, in its own transaction together with the row in {@code schema_version} that records it,
 * so a store is always at exactly one version. Only append migrations: a released one never changes
 * (stores in the field were made by it). docs/store.md describes the current schema.
 */
final class StoreSchema {
    /** Migration {@code i} brings a store from version {@code i} to {@code i + 1}. */
    static final List<List<String>> MIGRATIONS = List.of(List.of(
            """
            CREATE TABLE runs (
              hash VARCHAR PRIMARY KEY, file VARCHAR NOT NULL, format VARCHAR, variant VARCHAR,
              size_bytes BIGINT NOT NULL, device VARCHAR, app VARCHAR, build VARCHAR, sdk INTEGER,
              trace_duration_ns BIGINT, responses INTEGER NOT NULL, no_response_reason VARCHAR,
              warnings INTEGER NOT NULL, scenario VARCHAR, ura_version VARCHAR NOT NULL,
              analysed_at TIMESTAMP NOT NULL)""",
            "CREATE TABLE tags (run_hash VARCHAR NOT NULL, key VARCHAR NOT NULL, value VARCHAR NOT NULL,"
                    + " PRIMARY KEY (run_hash, key))",
            "CREATE TABLE facts (run_hash VARCHAR NOT NULL, key VARCHAR NOT NULL, value VARCHAR,"
                    + " PRIMARY KEY (run_hash, key))",
            """
            CREATE TABLE responses (
              run_hash VARCHAR NOT NULL, response INTEGER NOT NULL, trigger VARCHAR, thread VARCHAR,
              start_ns BIGINT NOT NULL, end_ns BIGINT NOT NULL, duration_ns BIGINT NOT NULL, finished BOOLEAN NOT NULL,
              end_reason VARCHAR, end_thread VARCHAR, end_name VARCHAR, end_at_ns BIGINT,
              drawn_at_ns BIGINT, on_screen_at_ns BIGINT, set_by_hand BOOLEAN NOT NULL,
              PRIMARY KEY (run_hash, response))""",
            "CREATE TABLE path_categories (run_hash VARCHAR NOT NULL, response INTEGER NOT NULL,"
                    + " category VARCHAR NOT NULL, total_ns BIGINT NOT NULL, segments INTEGER NOT NULL)",
            "CREATE TABLE path_threads (run_hash VARCHAR NOT NULL, response INTEGER NOT NULL, thread VARCHAR,"
                    + " total_ns BIGINT NOT NULL, cpu_ns BIGINT, runnable_ns BIGINT, io_ns BIGINT, wait_ns BIGINT,"
                    + " other_ns BIGINT)",
            """
            CREATE TABLE top_segments (
              run_hash VARCHAR NOT NULL, response INTEGER NOT NULL, rank INTEGER NOT NULL, thread VARCHAR,
              name VARCHAR, start_ns BIGINT NOT NULL, end_ns BIGINT NOT NULL, duration_ns BIGINT NOT NULL,
              category VARCHAR, via VARCHAR, slack_ns BIGINT NOT NULL)""",
            """
            CREATE TABLE findings (
              run_hash VARCHAR NOT NULL, response INTEGER NOT NULL, finding INTEGER NOT NULL, rule VARCHAR,
              severity VARCHAR, message VARCHAR, evidence_start_ns BIGINT, evidence_end_ns BIGINT,
              suggestion VARCHAR, change VARCHAR, estimated_saving_ns BIGINT)""",
            """
            CREATE TABLE what_if (
              run_hash VARCHAR NOT NULL, response INTEGER NOT NULL, scenario VARCHAR NOT NULL,
              estimated_end_ns BIGINT NOT NULL, estimated_duration_ns BIGINT NOT NULL, saved_ns BIGINT NOT NULL,
              saved_percent DOUBLE NOT NULL, unmatched VARCHAR)"""),
            // 2: the response a series measures a run by (FirstAction); stores made before it measured response 0
            List.of("ALTER TABLE runs ADD COLUMN first_action INTEGER",
                    "UPDATE runs SET first_action = 0 WHERE responses > 0")
    );

    /** The tables that hold a run's rows, each with a {@code run_hash} column ({@code runs} has {@code hash}). */
    static final List<String> RUN_TABLES = List.of("tags", "facts", "responses", "path_categories", "path_threads",
            "top_segments", "findings", "what_if");

    /** The version a store has after every migration this ura knows. */
    static int current() {
        return MIGRATIONS.size();
    }

    private StoreSchema() {
    }

    /**
     * Brings the store to {@link #current()}.
     *
     * @throws StoreException when the store was made by a newer ura (its version is unknown here)
     */
    static void migrate(Connection c, String where) throws SQLException, StoreException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP"
                    + " NOT NULL)");
        }
        int version = version(c);
        if (version > current()) {
            throw new StoreException(where + ": the store has schema version " + version + ", this ura knows up to "
                    + current() + "; use a newer ura");
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            for (int v = version; v < current(); v++) {
                try (Statement s = c.createStatement()) {
                    for (String sql : MIGRATIONS.get(v)) {
                        s.execute(sql);
                    }
                    s.execute("INSERT INTO schema_version VALUES (" + (v + 1) + ", now())");
                }
                c.commit();
            }
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** The store's version: 0 for a new one. */
    static int version(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }
}
