package dev.ura.app.cli.bench;

import dev.ura.app.analysis.Analysis;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code ura bench responses [--responses 100000]}: an agent log that is nearly all responses
 * (about 30 MB for 100 k), read, then analysed as {@code ura analyze} does (responses, then every
 * response's critical path and findings). Prints the time of each step and the heap: the peak
 * while analysing and what stays reachable after. Run it with the heap limit to check, e.g.
 * {@code java -Xmx1g -jar bench/target/ura-bench.jar bench responses}: the target is 100 k responses in at most 5 s
 * within 1 GB.
 */
@Command(name = "responses", mixinStandardHelpOptions = true,
        description = "Time and heap to analyse an agent log of many responses (run with -Xmx1g).")
public final class BenchResponsesCommand implements Callable<Integer> {
    @Option(names = "--responses", defaultValue = "100000", description = "Responses in the log (default: ${DEFAULT-VALUE}).")
    int responses;

    @Option(names = "--dir", description = "Where to write the log (default: a temporary directory, deleted after).")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path where = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("ura-bench");
        Path file = where.resolve("bench-responses.jsonl");
        try {
            new ManyResponsesWorkload().write(file, responses);
            out.printf("%s: %,d bytes, %,d responses written; max heap %,d MB%n", file.getFileName(),
                    Files.size(file), responses, Runtime.getRuntime().maxMemory() >> 20);
            out.flush();
            long t0 = System.nanoTime();
            Trace trace = TraceFiles.read(file);
            long t1 = System.nanoTime();
            long before = retainedHeap();
            resetPeaks();
            // Thread-CPU time too: on a shared machine wall time mostly measures the other processes.
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long c2 = mx.getCurrentThreadCpuTime();
            long t2 = System.nanoTime();
            Analysis a = Analysis.of(trace);
            long t3 = System.nanoTime();
            long c3 = mx.getCurrentThreadCpuTime();
            long segments = 0;
            long findings = 0;
            for (int i = 0; i < a.responses().size(); i++) {
                segments += a.criticalPath(i).segments().size();
                findings += a.findings(i).size();
            }
            long t4 = System.nanoTime();
            long c4 = mx.getCurrentThreadCpuTime();
            long peak = peakHeap();
            long after = retainedHeap();
            out.printf("  read                        %8.0f ms  (%,d events)%n", (t1 - t0) / 1e6, trace.events().size());
            out.printf("  responses                   %8.0f ms  %8.0f ms CPU  (%,d found, %,d finished)%n",
                    (t3 - t2) / 1e6, (c3 - c2) / 1e6, a.responses().size(), a.responses().stream().filter(r -> r.finished()).count());
            out.printf("  critical paths + findings   %8.0f ms  %8.0f ms CPU  (%,d segments, %,d findings)%n",
                    (t4 - t3) / 1e6, (c4 - c3) / 1e6, segments, findings);
            out.printf("  analysis total              %8.0f ms  %8.0f ms CPU%n", (t4 - t2) / 1e6, (c4 - c2) / 1e6);
            out.printf("  heap: trace alone %,d MB; peak while analysing %,d MB; analysis retained %,d MB "
                    + "(%,d bytes a response)%n", before >> 20, peak >> 20, (after - before) >> 20,
                    a.responses().isEmpty() ? 0 : (after - before) / a.responses().size());
            out.flush();
            return 0;
        } finally {
            if (dir == null) {
                Files.deleteIfExists(file);
                Files.deleteIfExists(where);
            }
        }
    }

    /** Heap in use after a full collection: what is reachable. */
    private static long retainedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** The sum of the heap pools' peaks since the reset (an upper bound of the peak in use). */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
