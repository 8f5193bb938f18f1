package dev.ura.app.cli.bench;

import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.UraCommand;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code ura bench parse [--size-mb 200] [--keep FILE]}: writes a large Android trace, then
 * reports parse + call-tree speed (warm median), heap per call and the whole-process time of
 * {@code ura info} on it.
 */
@Command(name = "parse", mixinStandardHelpOptions = true,
        description = "Android trace reader: warm MB/s, bytes per call, whole-process 'ura info' time.")
public final class BenchParseCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Trace size in MB (default ${DEFAULT-VALUE}).")
    long sizeMb;

    @Option(names = "--keep", paramLabel = "FILE", description = "Write the trace here and keep it (else a temp file).")
    Path keep;

    @Option(names = "--iterations", defaultValue = "7", description = "Warm parse iterations (default ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--process-runs", defaultValue = "3", description = "Runs of 'ura info' in a new JVM (0 = skip).")
    int processRuns;

    @Option(names = "--jar", paramLabel = "JAR", description = "The ura jar to time (default: this one, else app/target/ura.jar).")
    Path jar;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path file = keep != null ? keep : Files.createTempFile("ura-bench-", ".trace");
        try {
            long t0 = System.nanoTime();
            long records = BenchTraceGenerator.write(file, sizeMb << 20, 1);
            long bytes = Files.size(file);
            out.printf("trace        %s: %,d bytes, %,d records, %d threads (legacy v3 dual), written in %.1f s%n",
                    file, bytes, records, BenchTraceGenerator.THREADS, (System.nanoTime() - t0) / 1e9);
            out.flush();
            measureParse(out, file, bytes);
            measureHeap(out, file);
            if (processRuns > 0) {
                measureProcess(out, file);
            }
            return UraCommand.EXIT_OK;
        } finally {
            if (keep == null) {
                Files.deleteIfExists(file);
            }
        }
    }

    private void measureParse(PrintWriter out, Path file, long bytes) throws Exception {
        double[] seconds = new double[Math.max(1, iterations)];
        double[] cpuSeconds = new double[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            long cpu0 = processCpuNanos();
            long start = System.nanoTime();
            Trace trace = TraceFiles.read(file);
            seconds[i] = (System.nanoTime() - start) / 1e9;
            cpuSeconds[i] = (processCpuNanos() - cpu0) / 1e9;
            if (trace.records() == 0) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "benchmark trace read as empty");
            }
            out.printf("  parse #%d   %.3f s wall = %,.0f MB/s; %.3f s process CPU = %,.0f MB/s (load %.1f)%n", i + 1,
                    seconds[i], bytes / 1e6 / seconds[i], cpuSeconds[i], bytes / 1e6 / cpuSeconds[i], load());
            out.flush();
        }
        int warmFrom = seconds.length > 1 ? 1 : 0;
        double median = median(Arrays.copyOfRange(seconds, warmFrom, seconds.length));
        double cpuMedian = median(Arrays.copyOfRange(cpuSeconds, warmFrom, seconds.length));
        out.printf("parse        first (cold) %.3f s = %,.0f MB/s; warm median %.3f s = %,.0f MB/s wall,"
                        + " %.3f s = %,.0f MB/s process CPU (target >= 600)%n", seconds[0], bytes / 1e6 / seconds[0],
                median, bytes / 1e6 / median, cpuMedian, bytes / 1e6 / cpuMedian);
    }

    /** CPU time of this JVM (all its threads: both decoders, GC, JIT), or wall time when unavailable. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return System.nanoTime();
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void measureHeap(PrintWriter out, Path file) throws Exception {
        long before = usedHeapAfterGc();
        Trace trace = TraceFiles.read(file);
        long after = usedHeapAfterGc();
        long calls = trace.callCount();
        long columns = 0;
        for (ThreadTrack t : trace.threads()) {
            columns += t.calls().byteSize();
        }
        out.printf("heap         %,d calls; CallTable.byteSize %.1f bytes/call; measured heap delta %.1f bytes/call"
                        + " (target <= 24)%n", calls, (double) columns / calls, (double) (after - before) / calls);
        out.printf("             %s%n", trace.warnings().isEmpty() ? "no warnings" : trace.warnings().get(0));
    }

    private void measureProcess(PrintWriter out, Path file) throws Exception {
        Path uraJar = jar != null ? jar : ownJar();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double[] wall = new double[processRuns];
        double[] cpu = new double[processRuns];
        for (int i = 0; i < processRuns; i++) {
            // bash's "times" reports the child's user + system CPU, which the JDK cannot see after exit.
            String command = quote(java) + " -jar " + quote(uraJar.toString()) + " info " + quote(file.toString())
                    + " >/dev/null; status=$?; times >&2; exit $status";
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            long start = System.nanoTime();
            Process p = pb.start();
            String times = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "'ura info' did not finish in 5 minutes");
            }
            wall[i] = (System.nanoTime() - start) / 1e9;
            if (p.exitValue() != 0) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "'ura info' exited with " + p.exitValue() + ": "
                        + times.strip());
            }
            cpu[i] = childCpuSeconds(times);
            out.printf("  process #%d %.3f s wall, %.3f s CPU (load %.1f)%n", i + 1, wall[i], cpu[i], load());
            out.flush();
        }
        out.printf("process      java -jar %s info FILE: median of %d = %.3f s wall, %.3f s CPU (target <= 1 s)%n",
                uraJar, processRuns, median(wall), median(cpu));
    }

    /** Sums the children's user and system times of bash's {@code times} output (its last line), or -1. */
    static double childCpuSeconds(String times) {
        String[] lines = times.strip().split("\\R");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)m([\\d.]+)s")
                .matcher(lines[lines.length - 1]);
        double sum = 0;
        int found = 0;
        while (m.find()) {
            sum += Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2));
            found++;
        }
        return found == 2 ? sum : -1;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static Path ownJar() throws CommandFailure {
        try {
            Path self = Path.of(BenchParseCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (self.toString().endsWith(".jar")) {
                return self;
            }
        } catch (Exception e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "cannot locate the ura jar (" + e + "); pass --jar");
        }
        Path fallback = Path.of("app", "target", "ura.jar");
        if (!Files.exists(fallback) && Files.exists(Path.of("target", "ura.jar"))) {
            fallback = Path.of("target", "ura.jar");
        }
        if (!Files.exists(fallback)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "no ura jar at " + fallback.toAbsolutePath()
                    + "; build it (mvn -DskipTests package) or pass --jar");
        }
        return fallback;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
