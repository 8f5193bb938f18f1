package dev.ura.spark;

import org.apache.spark.launcher.JavaModuleOptions;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster on this machine, started as docs/fleet.md starts one: a Master and
 * Workers, each a JVM of its own with only Spark's jars on its class path ({@code SPARK_HOME/jars},
 * which the build fills with Spark's dependencies and nothing of ura), all on the loopback address.
 * Jobs go to it through spark-submit (its main class, which the {@code spark-submit} script runs) with
 * {@code ura-spark.jar}; the Workers start the executors as JVMs of their own, with {@code SPARK_HOME/jars}
 * as their class path too, so the job's classes reach them only in the shipped jar.
 */
final class StandaloneCluster implements AutoCloseable {
    static final String HOST = "127.0.0.1";
    /** How long a daemon may take to come up: a loaded 2-core machine starts a Spark JVM in 5–20 s. */
    private static final Duration START = Duration.ofSeconds(120);
    private static final Pattern MASTER_URL = Pattern.compile("Starting Spark master at (spark://\\S+)");

    private final Path sparkHome;
    private final Path dir;
    private final Map<String, String> env;
    private final List<Process> daemons = new ArrayList<>();
    private final List<Path> workDirs = new ArrayList<>();
    private String masterUrl;

    private StandaloneCluster(Path sparkHome, Path dir, Map<String, String> env) {
        this.sparkHome = sparkHome;
        this.dir = dir;
        this.env = env;
    }

    /**
     * A Master and {@code workers} Workers of 1 core and 1 GB each, registered with it; logs in {@code dir}.
     * Every process gets {@code env}, as a machine's environment (a Worker's reaches the executors it starts).
     */
    static StandaloneCluster start(Path sparkHome, Path dir, int workers, Map<String, String> env) throws Exception {
        StandaloneCluster c = new StandaloneCluster(sparkHome, dir, env);
        try {
            Path masterLog = dir.resolve("master.log");
            Process master = c.daemon("org.apache.spark.deploy.master.Master", masterLog,
                    "--host", HOST, "--port", "0", "--webui-port", "0");
            c.masterUrl = await(master, masterLog, MASTER_URL).group(1);
            for (int i = 0; i < workers; i++) {
                Path work = Files.createDirectories(dir.resolve("worker-" + i));
                Path log = dir.resolve("worker-" + i + ".log");
                Process worker = c.daemon("org.apache.spark.deploy.worker.Worker", log, "--host", HOST,
                        "--cores", "1", "--memory", "1g", "--webui-port", "0", "--work-dir", work.toString(), c.masterUrl);
                c.workDirs.add(work);
                await(worker, log, Pattern.compile("Successfully registered with master"));
            }
            return c;
        } catch (Exception | AssertionError e) {
            c.close();
            throw e;
        }
    }

    /** No daemons: for spark-submit with a local master ({@code local[N]}), on SPARK_HOME's jars alone. */
    static StandaloneCluster submitOnly(Path sparkHome, Path dir, Map<String, String> env) {
        return new StandaloneCluster(sparkHome, dir, env);
    }

    String masterUrl() {
        return masterUrl;
    }

    /** Each Worker's work folder: {@code app-…/EXECUTOR/} per executor it ran, with its logs and fetched jars. */
    List<Path> workDirs() {
        return workDirs;
    }

    /**
     * {@code spark-submit ARGS} (client mode: the driver is this new JVM), standard output and error
     * into {@code NAME.out} and {@code NAME.err}; waits at most {@code limit}.
     *
     * @return the exit status
     */
    int submit(String name, Duration limit, List<String> args) throws Exception {
        Process p = start(java("-Xmx768m", "org.apache.spark.deploy.SparkSubmit", args),
                dir.resolve(name + ".out"), dir.resolve(name + ".err"));
        if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
            stop(p);
            throw new AssertionError(name + ": spark-submit still running after " + limit + "; its log: "
                    + dir.resolve(name + ".err"));
        }
        return p.exitValue();
    }

    String output(String name) throws IOException {
        return text(dir.resolve(name + ".out"));
    }

    String errors(String name) throws IOException {
        return text(dir.resolve(name + ".err"));
    }

    /** The Workers first (each ends its executors), then the Master; forcibly after 20 s. */
    @Override
    public void close() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            stop(daemons.get(i));
        }
    }

    /** Ends {@code p} (forcibly after 20 s) and whatever it started. */
    static void stop(Process p) {
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy();
        try {
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // An executor whose Worker died without ending it would outlive the test.
        children.forEach(ProcessHandle::destroyForcibly);
    }

    private Process daemon(String mainClass, Path log, String... args) throws IOException {
        Process p = start(java("-Xmx256m", mainClass, Arrays.asList(args)), log, log);
        daemons.add(p);
        return p;
    }

    /** The command line {@code spark-class} builds: Java, Spark's module options, {@code SPARK_HOME/jars/*}. */
    private List<String> java(String heap, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap));
        cmd.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptions().split(" ")));
        cmd.addAll(List.of("-cp", sparkHome.resolve("jars") + File.separator + "*", mainClass));
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The environment the Spark scripts give their JVMs: SPARK_HOME (a Worker builds its executors'
     * class path from its {@code jars/}), the Scala version (the scripts' {@code load-spark-env.sh} sets
     * it; a Worker needs it to build that class path) and the loopback address to bind and advertise.
     */
    private Process start(List<String> cmd, Path out, Path err) throws IOException {
        ProcessBuilder b = new ProcessBuilder(cmd).directory(dir.toFile());
        if (out.equals(err)) {
            b.redirectErrorStream(true).redirectOutput(out.toFile());
        } else {
            b.redirectOutput(out.toFile()).redirectError(err.toFile());
        }
        b.environment().putAll(env);
        b.environment().put("SPARK_HOME", sparkHome.toString());
        b.environment().put("SPARK_SCALA_VERSION", "2.13");
        b.environment().put("SPARK_LOCAL_IP", HOST);
        return b.start();
    }

    /** Waits until the daemon's log has a line matching {@code p}; fails if it ends or takes longer than {@link #START}. */
    private static Matcher await(Process daemon, Path log, Pattern p) throws Exception {
        long end = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < end) {
            Matcher m = p.matcher(text(log));
            if (m.find()) {
                return m;
            }
            if (!daemon.isAlive()) {
                throw new AssertionError(log.getFileName() + ": ended with " + daemon.exitValue() + " before '" + p
                        + "':\n" + text(log));
            }
            Thread.sleep(200);
        }
        throw new AssertionError(log.getFileName() + ": no '" + p + "' after " + START + ":\n" + text(log));
    }

    /** Bytes, not {@code readString}: a log's last line may end mid-character while a process writes it. */
    static String text(Path log) throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    }
}
