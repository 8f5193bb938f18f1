package dev.ura.app.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Writes a {@link StoredRun}'s rows (the caller holds the transaction). */
final class RunRows {
    private RunRows() {
    }

    static void insert(Connection c, StoredRun stored) throws SQLException {
        Map<String, List<Object[]>> rows = StoreRows.of(stored);
        for (StoreRows.Table t : StoreRows.TABLES) {
            List<Object[]> tableRows = rows.get(t.name());
            if (tableRows.isEmpty()) {
                continue;
            }
            String sql = "INSERT INTO " + t.name() + " VALUES (" + String.join(", ",
                    Collections.nCopies(t.columns().size(), "?")) + ")";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                for (Object[] row : tableRows) {
                    set(s, row);
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
    }

    /** Binds the values in order; a {@code null} becomes SQL NULL of the column's type. */
    private static void set(PreparedStatement s, Object[] values) throws SQLException {
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
