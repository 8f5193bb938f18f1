package dev.ura.spark;

import dev.ura.app.cli.UraCommand;
import dev.ura.app.store.StoreRows;
import dev.ura.samples.Samples;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference every Spark test compares with: {@code ura batch} + {@code ura store export --parquet}
 * on the same traces, and the comparison itself (both outputs read back with DuckDB, table by table:
 * column names and types, then the sorted rows; {@code runs.analysed_at}, the wall-clock time, excluded).
 */
final class ExportComparison {
    /** The tag flags of the comparisons: two keys, so the outputs are Hive partitions two deep. */
    static final List<String> TAGS = List.of("--tag", "scenario=feed", "--tag", "device=pixel");

    /** A method trace, an agent log and a Perfetto system trace (thread states on the path). */
    static final List<String> SAMPLES = List.of("news-launch.trace", "forum-feed.jsonl", "system/feed-tap.perfetto-trace");

    private ExportComparison() {
    }

    /**
     * Writes the {@link #SAMPLES} into {@code dir} and a file that is not a trace ({@code broken.trace}: batch
     * reports it and goes on; so must the job): 4 files, 3 runs.
     */
    static Path sampleTraces(Path dir) throws Exception {
        for (String s : SAMPLES) {
            Files.write(dir.resolve(Path.of(s).getFileName().toString()), Samples.bytes("/samples/" + s));
        }
        Files.writeString(dir.resolve("broken.trace"), "not a trace\n");
        return dir;
    }

    /** Runs {@code ura batch TRACES --store … FLAGS} (expecting {@code exit}) and exports the store as Parquet. */
    static Path batchExport(Path traces, Path work, List<String> flags, int exit) {
        Path store = work.resolve("store");
        Path exported = work.resolve("exported");
        StringWriter err = new StringWriter();
        List<String> batch = new ArrayList<>(List.of("batch", traces.toString(), "--store", store.toString()));
        batch.addAll(flags);
        assertThat(UraCommand.run(batch.toArray(String[]::new), new PrintWriter(new StringWriter()),
                new PrintWriter(err, true))).as(err.toString()).isEqualTo(exit);
        assertThat(UraCommand.run(new String[] {"store", "export", store.toString(), "--parquet", exported.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err, true))).as(err.toString()).isZero();
        return exported;
    }

    /**
     * Every table of {@code written} (the job's output, tagged as {@link #TAGS}) has the columns, types and
     * rows of {@code exported}'s; a run's {@code file} is compared after {@code writtenPrefix} (how the job
     * named the traces' folder, a URI) is replaced by {@code exportedPrefix} (how batch named it).
     */
    static void assertSameTables(Path exported, Path written, String exportedPrefix, String writtenPrefix)
            throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (StoreRows.Table t : StoreRows.TABLES) {
                // An empty table (what_if: no what-if flags) leaves no Parquet file in a partitioned export.
                assertThat(parquetFiles(written.resolve(t.name()))).as(t.name() + " written")
                        .isEqualTo(parquetFiles(exported.resolve(t.name())));
                if (!parquetFiles(exported.resolve(t.name()))) {
                    assertThat(t.name()).isEqualTo("what_if");
                    continue;
                }
                String expected = source(exported, t.name());
                String actual = source(written, t.name());
                assertThat(rows(s, "DESCRIBE SELECT * FROM " + actual)).as(t.name() + " columns")
                        .isEqualTo(rows(s, "DESCRIBE SELECT * FROM " + expected));
                boolean runs = t.name().equals("runs");
                String select = "SELECT * " + (runs ? "EXCLUDE (analysed_at) " : "") + "FROM ";
                String renamed = "SELECT * " + (runs ? "EXCLUDE (analysed_at) REPLACE (replace(file, '"
                        + writtenPrefix + "', '" + exportedPrefix + "') AS file) " : "") + "FROM ";
                List<String> want = rows(s, select + expected + " ORDER BY ALL");
                assertThat(rows(s, renamed + actual + " ORDER BY ALL")).as(t.name()).isEqualTo(want);
                assertThat(want).as(t.name() + " has rows").isNotEmpty();
            }
            // A system trace's thread states made it through (not NULL as on the other traces).
            assertThat(rows(s, "SELECT count(*) FROM " + source(written, "path_threads") + " WHERE cpu_ns IS NOT NULL"))
                    .doesNotContain("[0]");
        }
    }

    /** A table of an export, partitioned by the two tag keys (device outermost: keys sorted). */
    static String source(Path export, String table) {
        return "read_parquet('" + export.resolve(table) + "/tag_device=*/tag_scenario=*/*.parquet', hive_partitioning = true)";
    }

    static boolean parquetFiles(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var walk = Files.walk(dir)) {
            return walk.anyMatch(p -> p.getFileName().toString().endsWith(".parquet"));
        }
    }

    /** Each row of the query's answer as {@code List.toString()} of its values. */
    static List<String> rows(Statement s, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet r = s.executeQuery(sql)) {
            int n = r.getMetaData().getColumnCount();
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(r.getObject(i));
                }
                out.add(row.toString());
            }
        }
        return out;
    }
}
