package dev.ura.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The job on a real multi-process cluster (failsafe, after {@code package}): a standalone Master and two
 * Workers, each its own JVM with Spark's jars alone ({@link StandaloneCluster}), and the job given to
 * spark-submit as {@code target/ura-spark.jar}, as docs/fleet.md does. The executors are JVMs the Workers
 * start, with no ura class on their class path: the closures, the settings and the engine reach them
 * by serialisation and in the shipped jar. The traces are read from, and the tables written to, an HDFS
 * (a NameNode and a DataNode in this test's JVM, reached over the loopback address): the Hadoop file
 * system path of a lab's cluster, not the local one. The Parquet must equal {@code ura batch}'s store
 * export on the same samples, and a file that is not a trace is a failed row on its executor, not a
 * failed job.
 */
@Tag("cluster")
class SparkClusterIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target")).toAbsolutePath();
    private static final Path JAR = TARGET.resolve("ura-spark.jar");
    /** Spark's dependencies, which the build copies there (pom.xml): a Spark installation's {@code jars/}. */
    private static final Path SPARK_HOME = TARGET.resolve("spark-home");

    @TempDir
    static Path dir;

    private static StandaloneCluster cluster;
    private static MiniDFSCluster hdfs;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Files.isRegularFile(JAR) && Files.isDirectory(SPARK_HOME.resolve("jars")),
                "needs target/ura-spark.jar and target/spark-home/jars, which mvn verify makes before this test");
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        cluster = StandaloneCluster.start(SPARK_HOME, Files.createDirectories(dir.resolve("cluster")), 2);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
        if (hdfs != null) {
            hdfs.shutdown();
        }
    }

    @Test
    void executorsInOtherJvmsWriteTheRowsOfBatchsExportFromTheShippedJar() throws Exception {
        Path traces = ExportComparison.sampleTraces(Files.createDirectories(dir.resolve("traces")));
        Path exported = ExportComparison.batchExport(traces, Files.createDirectories(dir.resolve("batch")),
                ExportComparison.TAGS, 1);

        FileSystem fs = hdfs.getFileSystem();
        org.apache.hadoop.fs.Path input = fs.makeQualified(new org.apache.hadoop.fs.Path("/lab/traces"));
        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(traces.toUri()), input);
        org.apache.hadoop.fs.Path out = fs.makeQualified(new org.apache.hadoop.fs.Path("/lab/ura/night-1"));
        Path events = Files.createDirectories(dir.resolve("events"));
        List<String> submit = new ArrayList<>(List.of("--master", cluster.masterUrl(), "--class", UraSparkJob.class.getName(),
                "--executor-memory", "1g", "--conf", "spark.ui.enabled=false",
                // both executors take part from the first task on, so the test can see each ran traces
                "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--conf", "spark.eventLog.enabled=true", "--conf", "spark.eventLog.dir=" + events.toUri(),
                JAR.toString(), "--out", out.toString()));
        submit.addAll(ExportComparison.TAGS);
        submit.add(input.toString());
        int exit = cluster.submit("job", Duration.ofMinutes(5), submit);
        String err = cluster.errors("job");
        assertThat(exit).as(err).isEqualTo(1);
        assertThat(cluster.output("job")).as(err).startsWith("4 traces: 3 written, 0 duplicates, 1 failed");
        assertThat(err).contains("ura-spark: failed " + input + "/broken.trace: ");

        assertThat(input.toString()).startsWith("hdfs://");
        assertThat(fs.exists(new org.apache.hadoop.fs.Path(out, "runs"))).as("written on HDFS").isTrue();
        Path written = dir.resolve("spark");
        fs.copyToLocalFile(out, new org.apache.hadoop.fs.Path(written.toUri()));
        ExportComparison.assertSameTables(exported, written, traces.toString(), input.toString());
        assertRanOnBothExecutorsFromTheShippedJar(events);
    }

    /**
     * Spark's event log: two executors joined and the analysis stage's tasks (one per trace) ran on both,
     * none in the driver; each Worker started its executor with SPARK_HOME's class path alone, and each
     * executor fetched ura-spark.jar from the driver.
     */
    private static void assertRanOnBothExecutorsFromTheShippedJar(Path events) throws Exception {
        Set<String> added = new TreeSet<>();
        Set<String> analysedOn = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> logs = Files.list(events)) {
            for (Path log : logs.toList()) {
                for (String line : Files.readAllLines(log)) {
                    JsonNode e = json.readTree(line);
                    switch (e.path("Event").asText()) {
                        case "SparkListenerExecutorAdded" -> added.add(e.path("Executor ID").asText());
                        case "SparkListenerTaskEnd" -> {
                            if (e.path("Stage ID").asInt() == 0) {
                                analysedOn.add(e.path("Task Info").path("Executor ID").asText());
                            }
                        }
                        default -> { }
                    }
                }
            }
        }
        assertThat(added).as("executors").containsExactly("0", "1");
        assertThat(analysedOn).as("executors that analysed traces").containsExactly("0", "1");

        Pattern classPath = Pattern.compile("Launch command: .*?\"-cp\" \"([^\"]*)\"");
        String home = SPARK_HOME + File.separator;
        for (int w = 0; w < 2; w++) {
            Matcher m = classPath.matcher(StandaloneCluster.text(dir.resolve("cluster/worker-" + w + ".log")));
            assertThat(m.find()).as("worker %d launched an executor", w).isTrue();
            assertThat(m.group(1).split(File.pathSeparator)).as("executor class path: SPARK_HOME's alone")
                    .allMatch(e -> e.startsWith(home)).contains(home + "jars" + File.separator + "*");
            try (Stream<Path> files = Files.walk(cluster.workDirs().get(w))) {
                assertThat(files.map(p -> p.getFileName().toString())).as("worker %d's executor", w)
                        .contains("ura-spark.jar");
            }
        }
    }
}
