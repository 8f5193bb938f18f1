package dev.ura.app.store;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** An ad-hoc question to the store ({@code ura store sql}). */
public final class StoreQuery {
    /**
     * The answer: column names and rows. Values are Java numbers, booleans or strings (anything else,
     * such as a timestamp or a list, as DuckDB writes it); {@code null} is SQL NULL.
     */
    public record Result(List<String> columns, List<List<Object>> rows) {
    }

    private StoreQuery() {
    }

    /**
     * Runs one statement on a store opened for reading.
     *
     * @throws StoreException with DuckDB's message (bad SQL, unknown table, a write on a read-only store)
     */
    public static Result run(RunStore store, String sql) throws StoreException {
        try (Statement s = store.connection().createStatement()) {
            if (!s.execute(sql)) {
                return new Result(List.of("changed"), List.of(List.of(s.getUpdateCount())));
            }
            try (ResultSet r = s.getResultSet()) {
                ResultSetMetaData m = r.getMetaData();
                List<String> columns = new ArrayList<>();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    columns.add(m.getColumnLabel(i));
                }
                List<List<Object>> rows = new ArrayList<>();
                while (r.next()) {
                    List<Object> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(plain(r.getObject(i)));
                    }
                    rows.add(row);
                }
                return new Result(columns, rows);
            }
        } catch (SQLException e) {
            throw new StoreException(store.dir() + ": " + RunStore.oneLine(e), e);
        }
    }

    private static Object plain(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
            return v;
        }
        return v.toString();
    }
}
