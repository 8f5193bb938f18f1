package dev.ura.app.cli.bench;

import dev.ura.agent.AgentMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code ura bench agent}: the recording agent's cost. (1) ns per recorded event (hooks called
 * directly, 1 and 2 threads, a real log file written); target ≤ 1 µs. (2) With {@code --demo-runs}
 * above 0 (needs a display): the demo feed reader's own load times (click's action to the paint
 * of the result, clicks after the first) without and with the agent recording everything it
 * records, medians over runs; target ≤ 5 % slower.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Agent overhead: ns per recorded event, and the demo app's load times with and without the agent.")
public final class BenchAgentCommand implements Callable<Integer> {
    @Option(names = "--events", defaultValue = "1000000", description = "Send/dispatch pairs per thread (default ${DEFAULT-VALUE}).")
    int pairs;

    @Option(names = "--demo-runs", defaultValue = "0", description = "Demo runs with and without the agent; 0 = skip (default ${DEFAULT-VALUE}).")
    int demoRuns;

    @Option(names = "--clicks", defaultValue = "5", description = "Clicks per demo run, the first not measured (default ${DEFAULT-VALUE}).")
    int clicks;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("ura-bench-agent");
        Path devNull = Path.of("/dev/null");
        for (int threads : new int[] {1, 2}) {
            AgentEventCost.measure(dir.resolve("warmup.jsonl"), threads, Math.max(1000, pairs / 10));
            AgentEventCost.Result r = AgentEventCost.measure(dir.resolve("events.jsonl"), threads, pairs);
            out.printf(Locale.ROOT, "per event: %.0f ns (%d thread%s, %,d events, %.1f MB written to a file)%n",
                    r.nsPerEvent(), threads, threads == 1 ? "" : "s", r.events(), r.bytes() / 1e6);
            if (Files.isWritable(devNull)) {
                // the hooks and the ring without the disk: what an app thread pays when the writer keeps up
                AgentEventCost.Result n = AgentEventCost.measure(devNull, threads, pairs);
                out.printf(Locale.ROOT, "per event: %.0f ns (%d thread%s, %,d events, written to /dev/null)%n",
                        n.nsPerEvent(), threads, threads == 1 ? "" : "s", n.events());
            }
            out.flush();
        }
        if (demoRuns > 0) {
            demo(out, dir);
        }
        return 0;
    }

    private void demo(PrintWriter out, Path dir) throws IOException, InterruptedException {
        Path jar;
        try {
            jar = Path.of(AgentMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        List<Double> without = new ArrayList<>();
        List<Double> with = new ArrayList<>();
        for (int r = 0; r < demoRuns; r++) {
            without.addAll(loadTimes(jar, null));
            with.addAll(loadTimes(jar, "out=" + dir.resolve("demo-" + r + ".jsonl") + ",include=" + DemoRecorder.INCLUDE));
        }
        double a = median(without);
        double b = median(with);
        out.printf(Locale.ROOT, "demo load time (median of %d loads): %.1f ms without the agent, %.1f ms with it: %+.1f %%%n",
                without.size(), a, b, 100 * (b - a) / a);
        out.printf(Locale.ROOT, "  spread without: %.1f–%.1f ms; with: %.1f–%.1f ms%n", min(without), max(without), min(with), max(with));
    }

    private List<Double> loadTimes(Path jar, String agentArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:off"));
        if (agentArgs != null) {
            cmd.add("-javaagent:" + jar + "=" + agentArgs);
        }
        cmd.addAll(List.of("-cp", jar.toString(), "dev.ura.samples.demo.FeedReaderApp", "--clicks", Integer.toString(clicks)));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String stdout = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("the demo failed (is there a display? run under xvfb-run)");
        }
        for (String line : stdout.split("\n")) {
            if (line.startsWith("load-times-ms:")) {
                List<Double> times = new ArrayList<>();
                for (String v : line.substring("load-times-ms:".length()).trim().split(" ")) {
                    times.add(Double.parseDouble(v));
                }
                return times.size() <= 1 ? List.of() : times.subList(1, times.size());
            }
        }
        throw new IOException("the demo printed no load times");
    }

    private static double median(List<Double> v) {
        double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return s.length == 0 ? 0 : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
}
