package dev.ura.app.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code ura store export DIR --parquet OUT}: every table as Parquet, one folder per table, split
 * Hive-style by the runs' tags ({@code OUT/responses/tag_scenario=login/data_0.parquet}). DuckDB
 * writes into {@code OUT.part} which is renamed to {@code OUT} when every table is written, so an
 * interrupted export leaves no half-written OUT.
 */
public final class StoreExport {
    /** Tag keys as {@code ura batch --tag} accepts them: they become column and folder names. */
    public static final Pattern TAG_KEY = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,63}");

    private StoreExport() {
    }

    /**
     * @param by the tag keys to split by, outermost first; empty for every key in the store, sorted
     * @return the tag keys the export was split by
     */
    public static List<String> toParquet(RunStore store, Path out, List<String> by) throws StoreException {
        if (Files.exists(out)) {
            throw new StoreException(out + ": already exists; remove it or export to a new folder");
        }
        List<String> keys = by.isEmpty() ? tagKeys(store) : by;
        for (String k : keys) {
            if (!TAG_KEY.matcher(k).matches()) {
                throw new StoreException("--by " + k + ": not a tag key (letters, digits, _ and -, first a letter)");
            }
        }
        Path part = out.resolveSibling(out.getFileName() + ".part");
        try {
            deleteTree(part);
            Files.createDirectories(part);
            List<String> tables = new ArrayList<>();
            tables.add("runs");
            tables.addAll(StoreSchema.RUN_TABLES);
            try (Statement s = store.connection().createStatement()) {
                for (String table : tables) {
                    s.execute(copy(table, keys, part.resolve(table)));
                }
            }
            Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
        } catch (SQLException e) {
            throw new StoreException(store.dir() + ": export failed (" + RunStore.oneLine(e) + ")", e);
        } catch (IOException e) {
            throw new StoreException(out + ": cannot write the export (" + e.getMessage() + ")", e);
        }
        return keys;
    }

    /** The COPY statement of one table: its rows with one column per tag key, partitioned by them. */
    static String copy(String table, List<String> keys, Path to) {
        String hash = table.equals("runs") ? "t.hash" : "t.run_hash";
        StringBuilder select = new StringBuilder("SELECT t.*");
        StringBuilder joins = new StringBuilder();
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String column = "\"tag_" + keys.get(i) + "\"";
            columns.add(column);
            select.append(", k").append(i).append(".value AS ").append(column);
            joins.append(" LEFT JOIN tags k").append(i).append(" ON k").append(i).append(".run_hash = ").append(hash)
                    .append(" AND k").append(i).append(".key = '").append(keys.get(i)).append('\'');
        }
        String order = table.equals("runs") ? "t.hash" : "t.run_hash";
        String options = keys.isEmpty() ? "FORMAT PARQUET" : "FORMAT PARQUET, PARTITION_BY (" + String.join(", ", columns)
                + ")";
        String target = keys.isEmpty() ? to + ".parquet" : to.toString();
        return "COPY (" + select + " FROM " + table + " t" + joins + " ORDER BY " + order + ") TO '"
                + target.replace("'", "''") + "' (" + options + ")";
    }

    /** Every tag key used in the store, sorted. */
    static List<String> tagKeys(RunStore store) throws StoreException {
        List<String> keys = new ArrayList<>();
        for (List<Object> row : StoreQuery.run(store, "SELECT DISTINCT key FROM tags ORDER BY key").rows()) {
            keys.add((String) row.get(0));
        }
        return keys;
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var walk = Files.walk(p)) {
            for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
