package dev.ura.app.cli.bench;

import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.UraCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code ura bench cli}: whole processes of {@code ura info}, {@code ura profile} and
 * {@code ura analyze} on the 200 MB bench trace: CPU (user + system of the JVM and all its
 * threads), wall time and peak resident memory, median of a few runs; for {@code java -jar} with
 * the JVM's defaults and with the options the installed launcher sets ({@code app/src/dist}:
 * parallel collector, ura's class-data-sharing archive, made here the way the package makes it). CPU comes from bash's
 * {@code times} (the JDK cannot see a child's CPU after it exits); peak RSS from the kernel's
 * high-water mark ({@code VmHWM} in {@code /proc/PID/status}), read until the process ends.
 */
@Command(name = "cli", mixinStandardHelpOptions = true,
        description = "Whole-process 'ura info', 'profile', 'analyze' on a large trace: CPU, wall, peak RSS.")
public final class BenchCliCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Trace size in MB (default ${DEFAULT-VALUE}).")
    long sizeMb;

    @Option(names = "--trace", paramLabel = "FILE", description = "Time this trace instead of writing one"
            + " (with --size-mb, a trace is written here first when it does not exist).")
    Path trace;

    @Option(names = "--streaming", description = "Write the trace in the streaming format (header 0xF3, as Android"
            + " Studio records) instead of the legacy one.")
    boolean streaming;

    @Option(names = "--systrace-from", paramLabel = "HTML", description = "Write a systrace HTML of --size-mb"
            + " instead of an Android trace: the events of this legacy systrace HTML (e.g. catapult's"
            + " android_systrace.html) repeated with shifted times (issue 19's 34 MB figure).")
    Path systraceFrom;

    @Option(names = "--reads", defaultValue = "6", description = "With --systrace-from: reads of the file inside this"
            + " JVM for the reader's own MB/s, first and warm (default ${DEFAULT-VALUE}; 0: none).")
    int reads;

    @Option(names = "--runs", defaultValue = "3", description = "Runs per command (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--commands", defaultValue = "info,profile,analyze", split = ",",
            description = "Commands to time (default ${DEFAULT-VALUE}).")
    List<String> commands;

    @Option(names = "--jar", paramLabel = "JAR", description = "The ura jar to time (default: app/target/ura.jar).")
    Path jar;

    @Option(names = "--launcher", paramLabel = "CMD", description = "Time this launcher instead of 'java -jar JAR'"
            + " (e.g. /opt/ura/bin/ura of the installed package).")
    String launcher;

    @Option(names = "--java-options", paramLabel = "OPTS", defaultValue = "",
            description = "JVM options for 'java -jar' (e.g. \"-XX:SharedArchiveFile=ura.jsa -XX:TieredStopAtLevel=1\").")
    String javaOptions;

    @Option(names = "--flags", defaultValue = "default,launcher", split = ",", paramLabel = "SET",
            description = "Which JVM options to time 'java -jar' with: default (the JVM's, plus --java-options),"
                    + " launcher (the installed launcher's, with a class-data-sharing archive made here); default ${DEFAULT-VALUE}.")
    List<String> flags;

    /** The options app/src/dist/package.sh gives the installed launcher (the archive's path added per run). */
    static final String LAUNCHER_OPTIONS = "-XX:MaxRAMPercentage=50 -XX:+UseParallelGC -XX:CompileThresholdScaling=5"
            + " -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr";
    /** What the installed {@code ura} (app/src/dist/linux/cli-script.sh) adds for {@code info}. */
    static final String INFO_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:-UseParallelGC -XX:+UseSerialGC -Xms16m"
            + " -XX:NewSize=2m -XX:NewRatio=8 -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:CompileCommand=quiet"
            + " -XX:CompileCommand=CompileThresholdScaling,dev.ura.*::*,0.2";
    /** What the installed {@code ura} adds for {@code analyze}. */
    static final String ANALYZE_OPTIONS = "-XX:TieredStopAtLevel=1 -Xms16m";

    /** The options the installed {@code ura} adds for {@code command}, or "" (the launcher's alone). */
    static String installedOptions(String command) {
        return switch (command) {
            case "info" -> INFO_OPTIONS;
            case "analyze" -> ANALYZE_OPTIONS;
            default -> "";
        };
    }

    @Spec
    CommandSpec spec;

    private Path archive;
    /** ura-info.jsa, the archive the installed ura maps for {@code info}. */
    private Path infoArchive;

    /** One timed run. */
    record Sample(double wallS, double cpuS, long peakRssBytes) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path file = trace != null ? trace
                : Files.createTempFile("ura-bench-cli-", systraceFrom != null ? ".html" : ".trace");
        boolean temporary = trace == null;
        try {
            if (systraceFrom != null && (temporary || !Files.exists(file))) {
                long lines = SystraceHtmlGenerator.write(systraceFrom, file, sizeMb << 20);
                out.printf("trace    %s: %,d bytes, %,d ftrace event lines (from %s)%n", file, Files.size(file), lines,
                        systraceFrom.getFileName());
            } else if (temporary || !Files.exists(file)) {
                long records = BenchTraceGenerator.write(file, sizeMb << 20, 1, streaming);
                out.printf("trace    %s: %,d bytes, %,d records (%s v3 dual, %d threads)%n", file, Files.size(file),
                        records, streaming ? "streaming" : "legacy", BenchTraceGenerator.THREADS);
            }
            long size = Files.size(file);
            if (systraceFrom != null && reads > 0) {
                SystraceReadFigure.print(file, size, reads, out);
            }
            List<String> runs = new ArrayList<>();
            List<String> launcherRuns = new ArrayList<>();
            if (launcher != null) {
                runs.add(launcher);
            } else {
                String jarArg = quote(jarPath().toString());
                for (String set : flags) {
                    switch (set.trim()) {
                        case "default" -> runs.add(("java " + javaOptions).trim() + " -jar " + jarArg);
                        case "launcher" -> {
                            runs.add("java " + LAUNCHER_OPTIONS + " -XX:SharedArchiveFile="
                                    + quote(trainArchive(jarPath()).toString()) + " " + javaOptions + " -jar " + jarArg);
                            launcherRuns.add(runs.get(runs.size() - 1));
                        }
                        default -> throw new CommandFailure(UraCommand.EXIT_USAGE, "--flags: no set '" + set
                                + "' (default, launcher)");
                    }
                }
            }
            out.printf("%d runs each; %d cores, load %.1f at start; file %,d bytes%n", this.runs,
                    Runtime.getRuntime().availableProcessors(), load(), size);
            for (String run : runs) {
                boolean asInstalled = launcherRuns.contains(run);
                out.printf("%ncommand  %s COMMAND %s%n", run, file);
                if (asInstalled) {
                    out.printf("         (info with %s and ura-info.jsa; analyze with %s: as the installed ura adds)%n",
                            INFO_OPTIONS, ANALYZE_OPTIONS);
                }
                out.printf("%-8s %8s %8s %8s %10s %10s %12s %9s   %s%n", "command", "file MB", "wall s", "CPU s",
                        "MB/s wall", "MB/s CPU", "peak RSS MB", "RSS/file", "target");
                out.flush();
                for (String command : commands) {
                    List<Sample> samples = new ArrayList<>();
                    for (int i = 0; i < Math.max(1, this.runs); i++) {
                        String jvm = asInstalled && !installedOptions(command).isEmpty()
                                ? run.replace(" -jar ", " " + installedOptions(command) + (command.equals("info")
                                        ? " -XX:SharedArchiveFile=" + quote(infoArchive.toString()) : "") + " -jar ")
                                : run;
                        samples.add(time(jvm + " " + command + " " + quote(file.toString())));
                    }
                    double cpu = median(samples.stream().mapToDouble(Sample::cpuS).toArray());
                    double wall = median(samples.stream().mapToDouble(Sample::wallS).toArray());
                    double rss = median(samples.stream().mapToDouble(s -> s.peakRssBytes()).toArray());
                    out.printf("%-8s %8.1f %8.3f %8.3f %10.0f %10.0f %12.1f %9.2f   %s (load %.1f)%n", command,
                            size / 1e6, wall, cpu, size / 1e6 / wall, size / 1e6 / cpu, rss / 1e6, rss / size,
                            systraceFrom != null ? "RSS <= 2x file, >= 100 MB/s wall" : target(command), load());
                    out.flush();
                }
            }
            return UraCommand.EXIT_OK;
        } finally {
            if (temporary) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** The launcher's class-data-sharing archive for {@code jar}, made as train.sh makes it (once per bench). */
    private Path trainArchive(Path jar) throws Exception {
        if (archive != null) {
            return archive;
        }
        Path dir = Files.createTempDirectory("ura-bench-cds-");
        Path training = dir.resolve("training.trace");
        try (var in = BenchCliCommand.class.getResourceAsStream("/samples/news-launch.trace")) {
            if (in == null) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, "no bundled sample to train the archive on");
            }
            Files.copy(in, training);
        }
        Path jsa = dir.resolve("ura.jsa");
        Path infoJsa = dir.resolve("ura-info.jsa");
        dir.toFile().deleteOnExit();
        training.toFile().deleteOnExit();
        train(jar, jsa, "-XX:+UseParallelGC", training.toString());
        train(jar, infoJsa, "-Xint -XX:+UseSerialGC", "--info " + quote(training.toString()));
        archive = jsa;
        infoArchive = infoJsa;
        return jsa;
    }

    /** One archive, made as train.sh makes it. */
    private static void train(Path jar, Path jsa, String options, String arguments) throws Exception {
        String train = "java -XX:ArchiveClassesAtExit=" + quote(jsa.toString()) + " " + options + " -Xlog:disable"
                + " -Djava.awt.headless=true -cp " + quote(jar.toString()) + " dev.ura.app.cli.ClassDataTraining "
                + arguments + " >/dev/null";
        Process p = new ProcessBuilder("bash", "-c", train).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (p.waitFor() != 0 || !Files.exists(jsa)) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "could not make the class-data-sharing archive: " + train);
        }
        jsa.toFile().deleteOnExit();
    }

    private static String target(String command) {
        return switch (command) {
            case "info" -> "CPU <= 0.6 s, RSS <= file";
            case "profile" -> "CPU <= 0.8 s, RSS <= file";
            default -> "-";
        };
    }

    private Sample time(String commandLine) throws Exception {
        // set -f: options such as CompileCommand's dev.ura.*::* are words, never file-name patterns
        String script = "set -f; " + commandLine + " >/dev/null; status=$?; times >&2; exit $status";
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process p = pb.start();
        PeakRss peak = new PeakRss(p);
        peak.start();
        String times = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "'" + commandLine + "' did not finish in 10 minutes");
        }
        double wall = (System.nanoTime() - start) / 1e9;
        peak.join();
        if (p.exitValue() != 0) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "'" + commandLine + "' exited with " + p.exitValue()
                    + ": " + times.strip());
        }
        return new Sample(wall, BenchParseCommand.childCpuSeconds(times), peak.max);
    }

    /** Polls the high-water mark of every process under the shell until the shell exits. */
    private static final class PeakRss extends Thread {
        private final Process shell;
        volatile long max;

        PeakRss(Process shell) {
            this.shell = shell;
            setDaemon(true);
        }

        /**
         * Reads the descendants' VmHWM (the kernel's own high-water mark, so a reading every few ms
         * misses nothing but growth in the last ones) and lists the descendants again every 50 ms
         * only: listing walks every process of the machine, and a walk every 2 ms took enough CPU
         * from the 2-core machine to add ~40 ms to a 0.33 s `info` (hyperfine and /usr/bin/time
         * measured the same process 0.32 s).
         */
        @Override
        public void run() {
            long[] pids = {};
            for (int poll = 0; shell.isAlive(); poll++) {
                if (poll % 10 == 0 || pids.length == 0) {
                    pids = shell.descendants().mapToLong(ProcessHandle::pid).toArray();
                }
                for (long pid : pids) {
                    max = Math.max(max, vmHwm(pid));
                }
                try {
                    Thread.sleep(pids.length == 0 ? 1 : 5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** VmHWM of a process in bytes, 0 when it is gone or the platform has no /proc. */
    static long vmHwm(long pid) {
        try {
            return parseVmHwm(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException | RuntimeException e) {
            return 0; // the process ended between listing and reading: its last reading stands
        }
    }

    /** The {@code VmHWM:  1234 kB} line of a /proc status file, in bytes; 0 without one. */
    static long parseVmHwm(String status) {
        int at = status.startsWith("VmHWM:") ? 0 : status.indexOf("\nVmHWM:") + 1;
        if (at <= 0 && !status.startsWith("VmHWM:")) {
            return 0;
        }
        int i = at + "VmHWM:".length();
        while (i < status.length() && Character.isWhitespace(status.charAt(i))) {
            i++;
        }
        int end = i;
        while (end < status.length() && Character.isDigit(status.charAt(end))) {
            end++;
        }
        return end == i ? 0 : Long.parseLong(status.substring(i, end)) * 1024;
    }

    private Path jarPath() throws CommandFailure {
        if (jar != null) {
            return jar;
        }
        for (Path p : List.of(Path.of("app", "target", "ura.jar"), Path.of("target", "ura.jar"))) {
            if (Files.exists(p)) {
                return p;
            }
        }
        throw new CommandFailure(UraCommand.EXIT_USAGE, "no app/target/ura.jar here; build it (./mvnw -DskipTests package)"
                + " or pass --jar or --launcher");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
