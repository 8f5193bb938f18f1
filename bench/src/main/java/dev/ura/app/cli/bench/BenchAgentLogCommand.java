package dev.ura.app.cli.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code ura bench agent-log [--size-mb 200]}: writes a large realistic agent log (JSON Lines, and
 * the same wrapped in logcat lines), reads each warm several times on the calling thread (one
 * core) and prints the median throughput, by wall clock and by the thread's CPU time (the latter
 * is what one core does when the machine is shared). The target is 300 MB/s for JSON Lines.
 */
@Command(name = "agent-log", mixinStandardHelpOptions = true,
        description = "Agent-log read throughput (median MB/s, one core).")
public final class BenchAgentLogCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Size of each generated log (default: ${DEFAULT-VALUE}).")
    int sizeMb;

    @Option(names = "--runs", defaultValue = "7", description = "Measured reads of each log (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", defaultValue = "3", description = "Unmeasured reads first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--dir", description = "Where to write the logs (default: a temporary directory, deleted after).")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path where = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("ura-bench");
        try {
            for (boolean logcat : new boolean[] {false, true}) {
                Path file = where.resolve(logcat ? "bench-agent.logcat.txt" : "bench-agent.jsonl");
                long t0 = System.nanoTime();
                new AgentLogWorkload().write(file, (long) sizeMb << 20, logcat);
                out.printf("%s: wrote %,d bytes in %.1f s%n", file.getFileName(), Files.size(file),
                        (System.nanoTime() - t0) / 1e9);
                out.flush();
                measure(file, out);
                if (dir == null) {
                    Files.delete(file);
                }
            }
        } finally {
            if (dir == null) {
                Files.deleteIfExists(where);
            }
        }
        return 0;
    }

    private void measure(Path file, PrintWriter out) throws Exception {
        double mb = Files.size(file) / 1e6;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Trace trace = null;
        for (int i = 0; i < warmup; i++) {
            trace = TraceFiles.read(file);
        }
        double[] wall = new double[Math.max(1, runs)];
        double[] onCpu = new double[wall.length];
        for (int i = 0; i < wall.length; i++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            trace = TraceFiles.read(file);
            wall[i] = mb / ((System.nanoTime() - t0) / 1e9);
            onCpu[i] = mb / ((cpu.getCurrentThreadCpuTime() - c0) / 1e9);
        }
        out.printf("  %s (%s): %,d events, %,d records, %d warnings%n", trace.metadata().variant(),
                trace.metadata().property("logcat.format") == null ? "-" : trace.metadata().property("logcat.format"),
                trace.events().size(), trace.records(), trace.warnings().size());
        out.printf("  read:      %s%n", figures(wall, onCpu, mb));
        if (trace.metadata().variant().equals("jsonl")) {
            jacksonBaseline(file, mb, out);
        }
        out.flush();
    }

    /**
     * Jackson's tokenizer alone over the same bytes (no model): the ceiling for a reader built on it,
     * and a yardstick for how busy the machine is.
     */
    private void jacksonBaseline(Path file, double mb, PrintWriter out) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        JsonFactory factory = new JsonFactory();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double[] wall = new double[Math.max(1, runs)];
        double[] onCpu = new double[wall.length];
        long sink = 0;
        for (int i = -warmup; i < wall.length; i++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            try (JsonParser p = factory.createParser(bytes)) {
                for (JsonToken t; (t = p.nextToken()) != null; ) {
                    if (t == JsonToken.VALUE_STRING) {
                        sink += p.getTextLength();
                    } else if (t == JsonToken.VALUE_NUMBER_INT) {
                        sink += p.getLongValue();
                    }
                }
            }
            if (i >= 0) {
                wall[i] = mb / ((System.nanoTime() - t0) / 1e9);
                onCpu[i] = mb / ((cpu.getCurrentThreadCpuTime() - c0) / 1e9);
            }
        }
        out.printf("  jackson tokens only (baseline, checksum %d): %s%n", sink & 0xFF, figures(wall, onCpu, mb));
    }

    private String figures(double[] wall, double[] onCpu, double mb) {
        Arrays.sort(wall);
        Arrays.sort(onCpu);
        return String.format("median %.0f MB/s wall (min %.0f, max %.0f), %.0f MB/s of thread CPU time; %d runs of %.0f MB",
                wall[wall.length / 2], wall[0], wall[wall.length - 1], onCpu[onCpu.length / 2], wall.length, mb);
    }
}
