package dev.ura.spark;

import com.github.luben.zstd.ZstdOutputStream;
import dev.ura.samples.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The trimmed {@code ura-spark.jar} (failsafe, after {@code package}) runs every trace reader: spark-submit
 * in local mode, in a JVM whose class path is Spark's jars alone, with a trace of each format ura reads (the
 * readers' golden inputs and the samples), one gzip- and one zstd-compressed. A class the jar lacks would
 * end the task with {@code NoClassDefFoundError} (an error, which the job does not catch: local mode tries a
 * task once, so the job fails) or show as an internal error; each input is a trace ura reads, so each but
 * the non-trace among the samples must be written. {@link UraSparkJarIT} checks the same statically, for
 * every path of the code. (The ftrace/systrace text reader has no small input of its own here.)
 */
class UraSparkJarRunIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target")).toAbsolutePath();

    /** One input of each reader: Android method traces (legacy, streaming), Chrome JSON, checkpoint CSV, pvtrace, agent log. */
    private static final List<String> GOLDEN = List.of("golden/android/legacy-v3-dual.trace",
            "golden/android/streaming-v3-dual.trace", "golden/chrome/begin-end-and-complete.json",
            "golden/checkpoint/five-columns.csv", "golden/pvtrace/basic.txt", "golden/agentlog/spec-example.jsonl");

    @TempDir
    Path dir;

    @Test
    void everyReaderRunsFromTheJarOnSparksClassPathAlone() throws Exception {
        Path jar = TARGET.resolve("ura-spark.jar");
        Path sparkHome = TARGET.resolve("spark-home");
        assumeTrue(Files.isRegularFile(jar) && Files.isDirectory(sparkHome.resolve("jars")),
                "needs target/ura-spark.jar and target/spark-home/jars, which mvn verify makes before this test");
        Path traces = ExportComparison.sampleTraces(Files.createDirectories(dir.resolve("traces")));
        for (String g : GOLDEN) {
            try (InputStream in = getClass().getResourceAsStream("/" + g)) {
                assertThat(in).as(g).isNotNull();
                Files.copy(in, traces.resolve(Path.of(g).getFileName().toString()));
            }
        }
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(traces.resolve("news-gz.trace.gz")))) {
            gz.write(Samples.bytes("/samples/news-launch-fixed.trace"));
        }
        try (OutputStream zst = new ZstdOutputStream(Files.newOutputStream(traces.resolve("feed-zst.jsonl.zst")))) {
            zst.write(Samples.bytes("/samples/forum-feed-cached.jsonl"));
        }
        StandaloneCluster spark = StandaloneCluster.submitOnly(sparkHome, Files.createDirectories(dir.resolve("spark")), Map.of());
        int exit = spark.submit("job", Duration.ofMinutes(5), List.of("--master", "local[1]", "--class",
                UraSparkJob.class.getName(), "--conf", "spark.ui.enabled=false", jar.toString(),
                "--out", dir.resolve("out").toString(), traces.toString()));
        String err = spark.errors("job");

        assertThat(err).as("classes the jar lacks").doesNotContain("NoClassDefFoundError", "ClassNotFoundException",
                "internal error");
        // 3 samples and a non-trace (ExportComparison), 6 golden inputs, 2 compressed samples: each a trace ura reads
        // but the non-trace, all of different content
        assertThat(exit).as(err).isEqualTo(1);
        assertThat(spark.output("job")).as(err).startsWith("12 traces: 11 written, 0 duplicates, 1 failed");
        assertThat(err.lines().filter(l -> l.startsWith("ura-spark: failed "))).as(err)
                .singleElement().asString().startsWith("ura-spark: failed " + traces.resolve("broken.trace") + ": ");
    }
}
