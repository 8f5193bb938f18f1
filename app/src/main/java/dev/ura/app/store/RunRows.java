package dev.ura.app.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Writes a {@link StoredRun}'s rows (the caller holds the transaction). */
final class RunRows {
    private RunRows() {
    }

    static void insert(Connection c, StoredRun stored) throws SQLException {
        StoredRun.Run r = stored.run();
        String h = r.hash();
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            set(s, h, r.file(), r.format(), r.variant(), r.sizeBytes(), r.device(), r.app(), r.build(), r.sdk(),
                    r.traceDurationNs(), r.responseCount(), r.noResponseReason(), r.warnings(), r.scenario(),
                    r.uraVersion(), new Timestamp(r.analysedAtMs()));
            s.executeUpdate();
        }
        keyValues(c, "tags", h, r.tags());
        keyValues(c, "facts", h, r.facts());
        batch(c, "INSERT INTO responses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", stored.responses(),
                (s, x) -> set(s, h, x.response(), x.trigger(), x.thread(), x.startNs(), x.endNs(), x.durationNs(),
                        x.finished(), x.endReason(), x.endThread(), x.endName(), x.endAtNs(), x.drawnAtNs(),
                        x.onScreenAtNs(), x.setByHand()));
        batch(c, "INSERT INTO path_categories VALUES (?, ?, ?, ?, ?)", stored.categories(),
                (s, x) -> set(s, h, x.response(), x.category(), x.totalNs(), x.segments()));
        batch(c, "INSERT INTO path_threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", stored.threads(),
                (s, x) -> set(s, h, x.response(), x.thread(), x.totalNs(), x.cpuNs(), x.runnableNs(), x.ioNs(),
                        x.waitNs(), x.otherNs()));
        batch(c, "INSERT INTO top_segments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", stored.segments(),
                (s, x) -> set(s, h, x.response(), x.rank(), x.thread(), x.name(), x.startNs(), x.endNs(),
                        x.endNs() - x.startNs(), x.category(), x.via(), x.slackNs()));
        batch(c, "INSERT INTO findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", stored.findings(),
                (s, x) -> set(s, h, x.response(), x.index(), x.rule(), x.severity(), x.message(), x.evidenceStartNs(),
                        x.evidenceEndNs(), x.suggestion(), x.change(), x.estimatedSavingNs()));
        batch(c, "INSERT INTO what_if VALUES (?, ?, ?, ?, ?, ?, ?, ?)", stored.whatIfs(),
                (s, x) -> set(s, h, x.response(), r.scenario(), x.estimatedEndNs(), x.estimatedDurationNs(),
                        x.savedNs(), x.savedPercent(), x.unmatched()));
    }

    private static void keyValues(Connection c, String table, String hash, Map<String, String> pairs)
            throws SQLException {
        batch(c, "INSERT INTO " + table + " VALUES (?, ?, ?)", List.copyOf(new TreeMap<>(pairs).entrySet()),
                (s, e) -> set(s, hash, e.getKey(), e.getValue()));
    }

    private interface Binder<T> {
        void bind(PreparedStatement s, T row) throws SQLException;
    }

    private static <T> void batch(Connection c, String sql, List<T> rows, Binder<T> binder) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (T row : rows) {
                binder.bind(s, row);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Binds the values in order; a {@code null} becomes SQL NULL of the column's type. */
    private static void set(PreparedStatement s, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v == null) {
                s.setNull(i + 1, Types.NULL);
            } else {
                s.setObject(i + 1, v);
            }
        }
    }
}
