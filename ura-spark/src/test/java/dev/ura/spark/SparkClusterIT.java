package dev.ura.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.VersionInfo;
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
 * by serialisation and in the shipped jar. The traces are read from, and the tables written to, the Hadoop
 * file systems of a lab's cluster, not the local one: an HDFS (a NameNode and a DataNode in this test's JVM)
 * and an S3 server ({@link S3Server}, through S3A), both on the loopback address. The Parquet must equal
 * {@code ura batch}'s store export on the same samples, and a file that is not a trace is a failed row on
 * its executor, not a failed job.
 */
@Tag("cluster")
class SparkClusterIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target")).toAbsolutePath();
    private static final Path JAR = TARGET.resolve("ura-spark.jar");
    /** Spark's dependencies, which the build copies there (pom.xml): a Spark installation's {@code jars/}. */
    private static final Path SPARK_HOME = TARGET.resolve("spark-home");
    /** S3Proxy's jar-with-dependencies, which the build copies there (pom.xml). */
    private static final Path S3_SERVER = TARGET.resolve("s3-server/s3proxy.jar");
    /**
     * S3A, as docs/fleet.md has spark-submit fetch it: the hadoop-aws of the Hadoop in {@code SPARK_HOME/jars}
     * (the pom's {@code hadoop.version}, which this test's class path has too) and the AWS SDK it names.
     */
    private static final String HADOOP_AWS = "org.apache.hadoop:hadoop-aws:"
            + VersionInfo.getVersion();

    @TempDir
    static Path dir;

    private static StandaloneCluster cluster;
    private static MiniDFSCluster hdfs;
    private static S3Server s3;
    /** The samples and a non-trace on the local disk, and {@code ura batch}'s export of them: every job's reference. */
    private static Path traces;
    private static Path exported;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Files.isRegularFile(JAR) && Files.isDirectory(SPARK_HOME.resolve("jars")) && Files.isRegularFile(S3_SERVER),
                "needs target/ura-spark.jar, target/spark-home/jars and target/s3-server, which mvn verify makes before this test");
        s3 = S3Server.start(S3_SERVER, Files.createDirectories(dir.resolve("s3")));
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        // The S3 keys in every machine's environment, where S3A's default credential providers find them: never
        // on a command line. A Worker's environment is its executors'.
        cluster = StandaloneCluster.start(SPARK_HOME, Files.createDirectories(dir.resolve("cluster")), 2,
                S3Server.CREDENTIALS_ENV);
        traces = ExportComparison.sampleTraces(Files.createDirectories(dir.resolve("traces")));
        exported = ExportComparison.batchExport(traces, Files.createDirectories(dir.resolve("batch")),
                ExportComparison.TAGS, 1);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
        if (hdfs != null) {
            hdfs.shutdown();
        }
        if (s3 != null) {
            s3.close();
        }
    }

    /** {@code hdfs://…/lab/traces} to {@code hdfs://…/lab/ura/night-1}: the cluster's own Hadoop file system. */
    @Test
    void executorsInOtherJvmsWriteTheRowsOfBatchsExportFromTheShippedJar() throws Exception {
        FileSystem fs = hdfs.getFileSystem();
        Job job = runJob("hdfs", fs, fs.makeQualified(new org.apache.hadoop.fs.Path("/lab")), List.of(), List.of());
        assertThat(job.input()).startsWith("hdfs://");
        assertThat(job.summary()).startsWith("4 traces: 3 written, 0 duplicates, 1 failed");
        job.assertRanOnBothExecutorsWith("ura-spark.jar");
    }

    /**
     * {@code s3a://lab/traces} to {@code s3a://lab/ura/night-1} on an S3 server: S3A and the AWS SDK are not in
     * SPARK_HOME nor in ura-spark.jar; spark-submit fetches them ({@code --packages}) and ships them to the
     * executors, which sign their requests with the keys of their environment. A missing object and a missing
     * bucket are failed rows naming their URIs; the job writes the rest.
     */
    @Test
    void readsTracesFromS3AndWritesTheTablesThereWithHadoopAwsFromPackages() throws Exception {
        try (Stream<Path> jars = Files.list(SPARK_HOME.resolve("jars"))) {
            assertThat(jars.map(p -> p.getFileName().toString())).as("S3A is not in SPARK_HOME")
                    .noneMatch(n -> n.startsWith("hadoop-aws") || n.startsWith("aws-java-sdk"));
        }
        s3.createBucket("lab");
        try (FileSystem fs = s3.s3a("lab")) {
            org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("s3a://lab/");
            String missingObject = "s3a://lab/traces/gone/night.trace";
            String missingBucket = "s3a://ura-no-such-bucket/traces/";
            Job job = runJob("s3", fs, root, List.of("--packages", HADOOP_AWS,
                    "--conf", "spark.hadoop.fs.s3a.endpoint=" + s3.endpoint(),
                    "--conf", "spark.hadoop.fs.s3a.path.style.access=true"), List.of(missingObject, missingBucket));
            assertThat(job.summary()).startsWith("6 traces: 3 written, 0 duplicates, 3 failed");
            assertThat(job.errors()).contains("ura-spark: failed " + missingObject + ": no such file or folder")
                    .contains("ura-spark: failed " + missingBucket + ": ");
            job.assertRanOnBothExecutorsWith("ura-spark.jar", "org.apache.hadoop_hadoop-aws-" + VersionInfo.getVersion()
                    + ".jar");
        }
    }

    /**
     * Copies the traces to {@code ROOT/traces} on {@code fs}, runs the job on the cluster with them (and
     * {@code moreInputs}) and {@code --out ROOT/ura/night-1}, and checks what every file system must give: exit
     * 1, the non-trace a failed row, and the tables, copied back from {@code fs}, equal to batch's export.
     */
    private static Job runJob(String name, FileSystem fs, org.apache.hadoop.fs.Path root, List<String> submitOptions,
                              List<String> moreInputs) throws Exception {
        org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path(root, "traces");
        try (Stream<Path> files = Files.list(traces)) {
            for (Path f : files.toList()) {
                fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(f.toUri()),
                        new org.apache.hadoop.fs.Path(input, f.getFileName().toString()));
            }
        }
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(root, "ura/night-1");
        Path events = Files.createDirectories(dir.resolve("events-" + name));
        List<String> submit = new ArrayList<>(List.of("--master", cluster.masterUrl(), "--class", UraSparkJob.class.getName(),
                "--executor-memory", "1g", "--conf", "spark.ui.enabled=false",
                // both executors take part from the first task on, so the test can see each ran traces
                "--conf", "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--conf", "spark.eventLog.enabled=true", "--conf", "spark.eventLog.dir=" + events.toUri()));
        submit.addAll(submitOptions);
        submit.addAll(List.of(JAR.toString(), "--out", out.toString()));
        submit.addAll(ExportComparison.TAGS);
        submit.add(input.toString());
        submit.addAll(moreInputs);
        int exit = cluster.submit(name, Duration.ofMinutes(5), submit);
        Job job = new Job(input.toString(), cluster.output(name), cluster.errors(name), events);
        assertThat(exit).as(job.errors()).isEqualTo(1);
        assertThat(job.errors()).contains("ura-spark: failed " + input + "/broken.trace: ");

        assertThat(fs.exists(new org.apache.hadoop.fs.Path(out, "runs"))).as("written on " + fs.getScheme()).isTrue();
        Path written = dir.resolve("written-" + name);
        fs.copyToLocalFile(out, new org.apache.hadoop.fs.Path(written.toUri()));
        ExportComparison.assertSameTables(exported, written, traces.toString(), input.toString());
        return job;
    }

    /** A job's run: its input folder's URI, spark-submit's standard output and error, Spark's event log. */
    private record Job(String input, String output, String errors, Path events) {
        /** The job's one line of standard output (spark-submit may print its packages' resolution before it). */
        String summary() {
            return output.lines().filter(l -> l.matches("\\d+ traces: .*")).findFirst()
                    .orElseThrow(() -> new AssertionError("no summary in:\n" + output + "\n" + errors));
        }

        /**
         * Spark's event log: two executors joined and the analysis stage's tasks (one per trace) ran on both,
         * none in the driver; each Worker started this job's executor with SPARK_HOME's class path alone, and
         * that executor fetched {@code jars} (file names) from the driver.
         */
        void assertRanOnBothExecutorsWith(String... jars) throws Exception {
            Set<String> added = new TreeSet<>();
            Set<String> analysedOn = new TreeSet<>();
            String app = null;
            ObjectMapper json = new ObjectMapper();
            try (Stream<Path> logs = Files.list(events)) {
                for (Path log : logs.toList()) {
                    for (String line : Files.readAllLines(log)) {
                        JsonNode e = json.readTree(line);
                        switch (e.path("Event").asText()) {
                            case "SparkListenerApplicationStart" -> app = e.path("App ID").asText();
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
            assertThat(app).as("application id").isNotNull();

            Pattern launch = Pattern.compile("Launch command: .*?\"-cp\" \"([^\"]*)\"");
            String home = SPARK_HOME + File.separator;
            for (int w = 0; w < 2; w++) {
                Matcher m = launch.matcher(StandaloneCluster.text(dir.resolve("cluster/worker-" + w + ".log")));
                assertThat(m.find()).as("worker %d launched an executor", w).isTrue();
                do {
                    assertThat(m.group(1).split(File.pathSeparator)).as("executor class path: SPARK_HOME's alone")
                            .allMatch(e -> e.startsWith(home)).contains(home + "jars" + File.separator + "*");
                } while (m.find());
                Path appDir = cluster.workDirs().get(w).resolve(app);
                try (Stream<Path> files = Files.walk(appDir)) {
                    assertThat(files.map(p -> p.getFileName().toString())).as("worker %d's executor of %s", w, app)
                            .contains(jars);
                }
            }
        }
    }
}
