package dev.ura.app.cli.bench;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code ura bench agent-log [--size-mb 200]}: writes a large realistic agent log (JSON Lines, and
 * the same wrapped in logcat lines), reads each warm several times on the calling thread (one
 * core) and prints the median throughput. The target is 300 MB/s for JSON Lines.
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
        Trace trace = null;
        for (int i = 0; i < warmup; i++) {
            trace = TraceFiles.read(file);
        }
        double[] rates = new double[Math.max(1, runs)];
        for (int i = 0; i < rates.length; i++) {
            long t0 = System.nanoTime();
            trace = TraceFiles.read(file);
            rates[i] = mb / ((System.nanoTime() - t0) / 1e9);
        }
        Arrays.sort(rates);
        out.printf("  %s (%s): %,d events, %,d records, %d warnings%n", trace.metadata().variant(),
                trace.metadata().property("logcat.format") == null ? "-" : trace.metadata().property("logcat.format"),
                trace.events().size(), trace.records(), trace.warnings().size());
        out.printf("  median %.0f MB/s (min %.0f, max %.0f) over %d runs of %.0f MB%n", rates[rates.length / 2],
                rates[0], rates[rates.length - 1], rates.length, mb);
        out.flush();
    }
}
