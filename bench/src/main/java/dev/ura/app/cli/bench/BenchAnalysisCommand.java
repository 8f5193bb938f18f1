package dev.ura.app.cli.bench;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code ura bench analysis [--responses 2000]}: the response engine on a generated method trace
 * (events derived by the rules, hand-offs inferred, responses detected), then every response's
 * critical path and one what-if estimate; median times over several runs, one core.
 */
@Command(name = "analysis", mixinStandardHelpOptions = true,
        description = "Response detection, critical paths and what-if on a generated method trace (median ms).")
public final class BenchAnalysisCommand implements Callable<Integer> {
    @Option(names = "--responses", defaultValue = "2000", description = "Clicks in the trace (default: ${DEFAULT-VALUE}).")
    int responses;

    @Option(names = "--runs", defaultValue = "5", description = "Measured runs (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", defaultValue = "2", description = "Unmeasured runs first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        Trace trace = new MethodTraceWorkload().build(responses);
        out.printf("generated %,d calls on %d threads in %.0f ms%n", trace.callCount(), trace.threads().size(),
                (System.nanoTime() - t0) / 1e6);
        Scenario faster = Scenario.BASELINE.with(new Change.SpeedUp(new SliceSelector.ByName("java.net.*"), 2));
        double[] detect = new double[Math.max(1, runs)];
        double[] paths = new double[detect.length];
        double[] whatIf = new double[detect.length];
        // Thread-CPU time too: on a shared machine wall time mostly measures the other processes.
        double[][] cpu = new double[3][detect.length];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Analysis a = null;
        for (int r = -warmup; r < detect.length; r++) {
            long cs = mx.getCurrentThreadCpuTime();
            long s = System.nanoTime();
            a = Analysis.of(trace);
            long d = System.nanoTime();
            long cd = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < a.responses().size(); i++) {
                a.criticalPath(i);
            }
            long p = System.nanoTime();
            long cp = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < a.responses().size(); i++) {
                a.estimate(i, faster);
            }
            long w = System.nanoTime();
            long cw = mx.getCurrentThreadCpuTime();
            if (r >= 0) {
                detect[r] = (d - s) / 1e6;
                paths[r] = (p - d) / 1e6;
                whatIf[r] = (w - p) / 1e6;
                cpu[0][r] = (cd - cs) / 1e6;
                cpu[1][r] = (cp - cd) / 1e6;
                cpu[2][r] = (cw - cp) / 1e6;
            }
        }
        out.printf("%,d events, %,d links, %,d responses (%d finished)%n", a.events().size(), a.links().size(),
                a.responses().size(), a.responses().stream().filter(x -> x.finished()).count());
        out.printf("  events + links + responses  median %8.1f ms (%.1f ms CPU)%n", median(detect), median(cpu[0]));
        out.printf("  critical paths (all)        median %8.1f ms (%.1f ms CPU)%n", median(paths), median(cpu[1]));
        out.printf("  what-if estimates (all)     median %8.1f ms (%.1f ms CPU)%n", median(whatIf), median(cpu[2]));
        out.flush();
        return 0;
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
