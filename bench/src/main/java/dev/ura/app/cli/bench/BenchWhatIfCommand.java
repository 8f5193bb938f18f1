package dev.ura.app.cli.bench;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.method.DependencyGraphBuilder;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.whatif.WhatIfEstimator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ura bench whatif}: the critical path of a synthetic response graph of about 1 M segments,
 * and the re-estimate after one change on about 100 k segments (median and p95 of repeated runs).
 * Target: a re-estimate well under 100 ms on 100 k segments.
 */
@Command(name = "whatif", mixinStandardHelpOptions = true,
        description = "Critical-path and what-if re-estimate times on synthetic response graphs.")
public final class BenchWhatIfCommand implements Callable<Integer> {
    @Option(names = "--segments", defaultValue = "100000", description = "Segments for the re-estimate (default ${DEFAULT-VALUE}).")
    int segments;

    @Option(names = "--large", defaultValue = "1000000", description = "Segments for the critical path alone (default ${DEFAULT-VALUE}).")
    int large;

    @Option(names = "--threads", defaultValue = "5", description = "Threads, the main thread included (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--runs", defaultValue = "40", description = "Measured runs per case (default ${DEFAULT-VALUE}).")
    int runs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ResponseGraph big = build(out, large);
        long[][] cp = measure(Math.max(3, runs / 8), () -> big.algorithm(big.graph(), big.timing(big::durationNs))
                .getPath(big.source(), big.sink(), big.originNs()));
        report(out, "critical path (topological sort + DP + slack), " + big.vertexCount() + " segments", cp);

        ResponseGraph g = build(out, segments);
        ResponseWork work = g.work();
        DependencyGraphBuilder builder = new DependencyGraphBuilder();
        long[][] builds = measure(Math.max(3, runs / 4), () -> builder.build(work));
        report(out, "graph build (with its baseline critical path), " + g.vertexCount() + " segments", builds);
        WhatIfEstimator estimator = new WhatIfEstimator(g);
        Change[] changes = {
            new Change.SpeedUp(new SliceSelector.ByName("com.example.bench.Work.compute3"), 2),
            new Change.Defer(new SliceSelector.ByName("WRITE")),
            new Change.RunInParallel(new SliceSelector.ByName("com.example.bench.Work.compute7")),
        };
        for (Change c : changes) {
            Scenario scenario = Scenario.BASELINE.with(c);
            Estimate[] last = new Estimate[1];
            long[][] times = measure(runs, () -> last[0] = estimator.estimate(scenario));
            report(out, "re-estimate (" + c.describe() + "), " + g.vertexCount() + " segments", times);
            out.printf(Locale.ROOT, "    saves %.1f ms of %.1f ms (%.1f %%)%n", last[0].savedNs() / 1e6,
                    g.work().response().durationNs() / 1e6, last[0].savedPercent());
        }
        return 0;
    }

    private ResponseGraph build(PrintWriter out, int size) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long t0 = System.nanoTime();
        ResponseWork work = SyntheticResponseWork.generate(size, threads, 42);
        long t1 = System.nanoTime();
        long c1 = mx.getCurrentThreadCpuTime();
        ResponseGraph g = new DependencyGraphBuilder().build(work);
        long t2 = System.nanoTime();
        long c2 = mx.getCurrentThreadCpuTime();
        out.printf(Locale.ROOT, "graph: %,d segments, %,d edges; work generated in %.0f ms, graph built in %.0f ms"
                        + " wall, %.0f ms CPU (with its baseline critical path)%n",
                g.vertexCount(), g.graph().edgeSet().size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6, (c2 - c1) / 1e6);
        return g;
    }

    /**
     * Warm-up runs, then {@code n} measured ones: wall and thread-CPU times, each sorted. CPU time
     * is shown too because on a shared machine wall time mostly measures the other processes.
     */
    private static long[][] measure(int n, Runnable run) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < Math.max(2, n / 4); i++) {
            run.run();
        }
        long[] wall = new long[n];
        long[] cpu = new long[n];
        for (int i = 0; i < n; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            run.run();
            wall[i] = System.nanoTime() - t0;
            cpu[i] = mx.getCurrentThreadCpuTime() - c0;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        return new long[][] {wall, cpu};
    }

    private static void report(PrintWriter out, String what, long[][] times) {
        out.printf(Locale.ROOT, "%s: median %.1f ms, p95 %.1f ms wall; median %.1f ms, p95 %.1f ms CPU (%d runs)%n",
                what, median(times[0]) / 1e6, p95(times[0]) / 1e6, median(times[1]) / 1e6, p95(times[1]) / 1e6,
                times[0].length);
    }

    private static long median(long[] sorted) {
        return sorted[sorted.length / 2];
    }

    private static long p95(long[] sorted) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.95) - 1)];
    }
}
