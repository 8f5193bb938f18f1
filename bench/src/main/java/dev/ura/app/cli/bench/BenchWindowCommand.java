package dev.ura.app.cli.bench;

import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.UraCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code ura bench window}: how long the window takes from launch to the first paint of a large
 * trace's timeline, and its peak resident memory then; then how long until the trace's analysis
 * is shown (responses, and the selected one's critical path), and the peak through it. Each run
 * starts {@link WindowProbe} with ura.jar first on the class path (then this jar, for the probe
 * alone): it opens FILE as {@code java -jar ura.jar FILE} does, prints both times with its peak so
 * far from the window's {@code WindowEvents} and exits. Needs a display (e.g. {@code xvfb-run}).
 */
@Command(name = "window", mixinStandardHelpOptions = true,
        description = "Launch to first paint of the 200 MB trace in the window and to its analysis shown, with the peak RSS at each (needs a display).")
public final class BenchWindowCommand implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--trace", paramLabel = "FILE", description = "The trace to open (written first, 200 MB, when absent).")
    Path trace;

    @Option(names = "--runs", defaultValue = "3", description = "Launches (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--jar", paramLabel = "JAR", description = "The ura jar (default: app/target/ura.jar).")
    Path jar;

    @Option(names = "--java-options", paramLabel = "OPTS", defaultValue = "", description = "JVM options for the window's java.")
    String javaOptions;

    @Option(names = "--first-paint-only", description = "Stop at the first paint.")
    boolean firstPaintOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (java.awt.GraphicsEnvironment.isHeadless()) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "bench window needs a display (run it under xvfb-run)");
        }
        Path file = trace != null ? trace : Path.of(System.getProperty("java.io.tmpdir"), "ura-bench-window.trace");
        if (!Files.exists(file)) {
            long records = BenchTraceGenerator.write(file, 200L << 20, 1);
            out.printf("trace    %s: %,d bytes, %,d records%n", file, Files.size(file), records);
        }
        Path uraJar = jar != null ? jar : Path.of("app", "target", "ura.jar");
        if (!Files.exists(uraJar)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "no " + uraJar + "; build it or pass --jar");
        }
        long size = Files.size(file);
        // ura.jar first: every class the window loads is the jar's; the probe alone comes from here.
        String classPath = uraJar + java.io.File.pathSeparator
                + Path.of(WindowProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> probe = List.of("-cp", classPath, WindowProbe.class.getName(), firstPaintOnly ? "first-paint" : "analysed");
        out.printf("command  java %s %s %s; %d runs; load %.1f%n", javaOptions, String.join(" ", probe),
                file, runs, load());
        double[] wall = new double[Math.max(1, runs)];
        double[] paint = new double[wall.length];
        double[] paintRss = new double[wall.length];
        double[] analysedWall = new double[wall.length];
        double[] rss = new double[wall.length];
        for (int i = 0; i < wall.length; i++) {
            List<String> cmd = new ArrayList<>(List.of("java"));
            if (!javaOptions.isBlank()) {
                cmd.addAll(Arrays.asList(javaOptions.trim().split("\\s+")));
            }
            cmd.addAll(probe);
            cmd.add(file.toString());
            long start = System.nanoTime();
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            long[] peak = {0};
            Thread poll = new Thread(() -> {
                while (p.isAlive()) {
                    peak[0] = Math.max(peak[0], BenchCliCommand.vmHwm(p.pid()));
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            poll.setDaemon(true);
            poll.start();
            String line;
            long painted = -1;
            boolean analysed = false;
            StringBuilder rest = new StringBuilder();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("first-paint-ms ")) {
                        String[] f = line.split("\\s+");
                        painted = Long.parseLong(f[1]);
                        wall[i] = (System.nanoTime() - start) / 1e9;
                        // the window's own reading at the paint; else (no /proc in it) ours, a little later
                        long kb = f.length >= 4 ? Long.parseLong(f[3]) : -1;
                        paintRss[i] = kb > 0 ? kb * 1024.0 : Math.max(peak[0], BenchCliCommand.vmHwm(p.pid()));
                    } else if (line.startsWith("analysed-ms ")) {
                        analysed = true;
                        analysedWall[i] = (System.nanoTime() - start) / 1e9;
                    } else if (rest.length() < 2000) {
                        rest.append(line).append('\n');
                    }
                }
            }
            if (!p.waitFor(5, TimeUnit.MINUTES) || painted < 0 || !analysed && !firstPaintOnly) {
                p.destroyForcibly();
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "the window never " + (painted < 0 ? "painted" : "analysed")
                        + " the trace: " + rest.toString().strip());
            }
            poll.join();
            paint[i] = painted / 1e3;
            rss[i] = Math.max(peak[0], paintRss[i]);
            out.printf("  run %d: first paint %.2f s after the JVM started, %.2f s after launch, peak RSS %.0f MB (%.2f× the file)%s;"
                    + " load %.1f%n", i + 1, paint[i], wall[i], paintRss[i] / 1e6, paintRss[i] / size,
                    firstPaintOnly ? "" : String.format("; analysis shown %.2f s after launch, peak RSS %.0f MB (%.2f×)",
                            analysedWall[i], rss[i] / 1e6, rss[i] / size), load());
            out.flush();
        }
        out.printf("window   median first paint %.2f s after launch (target <= 2 s), peak RSS %.0f MB = %.2f× the file (target <= 1.5×)%s%n",
                median(wall), median(paintRss) / 1e6, median(paintRss) / size, firstPaintOnly ? ""
                        : String.format("; analysis shown %.2f s after launch, peak RSS %.0f MB = %.2f× the file",
                        median(analysedWall), median(rss) / 1e6, median(rss) / size));
        return UraCommand.EXIT_OK;
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
