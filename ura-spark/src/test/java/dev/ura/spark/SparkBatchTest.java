package dev.ura.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Spark job in local mode writes the Parquet rows that {@code ura batch} + {@code ura store export
 * --parquet} write for the same traces: both outputs are read back with DuckDB and compared table by
 * table, column types and sorted rows ({@code runs.analysed_at}, the wall-clock time, excluded).
 */
class SparkBatchTest {
    private static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("ura-spark test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "1").getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void writesTheRowsOfBatchsExport() throws Exception {
        Path traces = ExportComparison.sampleTraces(Files.createDirectories(dir.resolve("traces")));
        Path exported = ExportComparison.batchExport(traces, Files.createDirectories(dir.resolve("batch")),
                ExportComparison.TAGS, 1);

        Path written = dir.resolve("spark");
        List<String> job = new ArrayList<>(List.of("--out", written.toString()));
        job.addAll(ExportComparison.TAGS);
        job.add(traces.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream jobErr = new ByteArrayOutputStream();
        int exit = UraSparkJob.run(spark, UraSparkJob.Args.parse(job.toArray(String[]::new)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(jobErr, true, StandardCharsets.UTF_8));
        String jobErrText = jobErr.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(jobErrText).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).as(jobErrText).startsWith("4 traces: 3 written, 0 duplicates, 1 failed");
        assertThat(jobErrText).contains("failed " + traces.resolve("broken.trace") + ": ");

        ExportComparison.assertSameTables(exported, written, traces.toString(), traces.toString());
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            assertThat(rows(s, "SELECT DISTINCT file FROM " + ExportComparison.source(written, "runs") + " ORDER BY 1"))
                    .containsExactly("[" + traces.resolve("feed-tap.perfetto-trace") + "]",
                            "[" + traces.resolve("forum-feed.jsonl") + "]", "[" + traces.resolve("news-launch.trace") + "]");
        }
    }

    /**
     * What-if flags reach the executors (the what_if rows equal batch's with the same flags), and a
     * second night given the first night's output analyses only the trace it has not seen.
     */
    @Test
    void appliesWhatIfFlagsAndSkipsWhatAnEarlierOutputHolds() throws Exception {
        Path night1 = Files.createDirectories(dir.resolve("night1"));
        Files.write(night1.resolve("news-launch.trace"), dev.ura.samples.Samples.bytes("/samples/news-launch.trace"));
        String[] whatIf = {"--defer", "*FeedCache.write", "--speedup=*FeedParser.parse=2"};

        Path exported = ExportComparison.batchExport(night1, Files.createDirectories(dir.resolve("whatif-batch")),
                List.of(whatIf), 0);

        Path out1 = dir.resolve("whatif-spark1");
        List<String> job = new ArrayList<>(List.of("--out", out1.toString()));
        job.addAll(List.of(whatIf));
        job.add(night1.toString());
        assertThat(job(job)).startsWith("1 traces: 1 written, 0 duplicates, 0 failed, in ");

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (String table : List.of("what_if", "runs")) {
                String select = "SELECT * " + (table.equals("runs") ? "EXCLUDE (analysed_at, file) " : "") + "FROM ";
                List<String> want = rows(s, select + "read_parquet('" + exported.resolve(table + ".parquet") + "') ORDER BY ALL");
                assertThat(rows(s, select + "read_parquet('" + out1.resolve(table + ".parquet") + "/*.parquet') ORDER BY ALL"))
                        .as(table).isEqualTo(want);
                assertThat(want).as(table + " has rows").isNotEmpty();
            }
            // The scenario is stored as given, side by side with batch's (checked equal above).
            assertThat(rows(s, "SELECT scenario FROM read_parquet('" + out1.resolve("runs.parquet") + "/*.parquet')"))
                    .containsExactly("[--defer *FeedCache.write --speedup *FeedParser.parse=2]");
        }

        // Night 2: the same launch again (copied under another name) and a trace not seen before.
        Path night2 = Files.createDirectories(dir.resolve("night2"));
        Files.copy(night1.resolve("news-launch.trace"), night2.resolve("again.trace"));
        Files.write(night2.resolve("forum-feed.jsonl"), dev.ura.samples.Samples.bytes("/samples/forum-feed.jsonl"));
        Path out2 = dir.resolve("whatif-spark2");
        assertThat(job(List.of("--out", out2.toString(), "--skip-stored", out1.toString(), night2.toString())))
                .startsWith("2 traces: 1 written, 0 duplicates, 0 failed, 1 already stored, in ");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            assertThat(rows(s, "SELECT file FROM read_parquet('" + out2.resolve("runs.parquet") + "/*.parquet')"))
                    .containsExactly("[" + night2.resolve("forum-feed.jsonl") + "]");
        }
        // A folder that is no output is bad input, named.
        ByteArrayOutputStream jobErr = new ByteArrayOutputStream();
        int exit = UraSparkJob.run(spark, UraSparkJob.Args.parse(new String[] {"--out", dir.resolve("x").toString(),
                "--skip-stored", night2.toString(), night2.toString()}), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(jobErr, true, StandardCharsets.UTF_8));
        assertThat(exit).isEqualTo(1);
        assertThat(jobErr.toString(StandardCharsets.UTF_8)).contains(night2 + ": --skip-stored: not an output");
    }

    /**
     * An executor runs in a working folder of its own (a worker's {@code work/app-…/ID/}): a relative
     * trace path is handed to it made absolute on the driver, or it would name nothing there (the
     * docs' one-machine cluster recipe, given {@code sample-traces/samples/}, failed every trace so).
     */
    @Test
    void aRelativeTracePathReachesTheExecutorsAbsolute() throws Exception {
        var conf = spark.sparkContext().hadoopConfiguration();
        assertThat(SparkBatch.located("traces/a.trace", conf))
                .isEqualTo(Path.of("traces/a.trace").toAbsolutePath().toUri().toString().replace("file:///", "file:/"));
        assertThat(SparkBatch.located("file:/lab/a.trace", conf)).isEqualTo("file:/lab/a.trace");
    }

    @Test
    void badWhatIfFlagsAreBadUsageBeforeAnythingRuns() {
        assertThatThrownBy(() -> UraSparkJob.Args.parse(new String[] {"--out", "o", "--speedup", "*parse=0", "t"}))
                .isInstanceOf(dev.ura.app.cli.CommandFailure.class).hasMessageContaining("--speedup wants PATTERN=FACTOR");
        assertThatThrownBy(() -> UraSparkJob.Args.parse(new String[] {"--out", "o", "t", "--defer"}))
                .isInstanceOf(dev.ura.app.cli.CommandFailure.class).hasMessage("--defer needs a value");
    }

    /** Runs the job; its standard output, with its standard error in the failure message. */
    private static String job(List<String> args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream jobErr = new ByteArrayOutputStream();
        int exit = UraSparkJob.run(spark, UraSparkJob.Args.parse(args.toArray(String[]::new)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(jobErr, true, StandardCharsets.UTF_8));
        assertThat(exit).as(jobErr.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> rows(Statement s, String sql) throws Exception {
        return ExportComparison.rows(s, sql);
    }
}
