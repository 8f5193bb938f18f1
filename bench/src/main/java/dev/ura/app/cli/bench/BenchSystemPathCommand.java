package dev.ura.app.cli.bench;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.system.CpuRunIndex;
import dev.ura.app.analysis.graph.system.SystemGraphBuilder;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadStateTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * {@code ura bench syspath [--size-mb 200] [--responses 200] [--length-ms 300]}: the critical path
 * through wakeups and the what-if graph on a big generated Perfetto trace (the {@code bench
 * perfetto} workload: ~200 threads on 8 CPUs, a wakeup every few hundred µs). Responses are
 * windows at random times ending on a random thread that runs then, each with that thread's
 * window as a tracked stretch; prints the one-time cost (per-CPU index, first graph), then the
 * median and worst time per graph, with the path's size.
 */
@Command(name = "syspath", mixinStandardHelpOptions = true,
        description = "System-trace critical path and graph build time per response.")
public final class BenchSystemPathCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Size of the generated trace (default: ${DEFAULT-VALUE}).")
    int sizeMb;

    @Option(names = "--responses", defaultValue = "200", description = "Responses to build (default: ${DEFAULT-VALUE}).")
    int responses;

    @Option(names = "--length-ms", defaultValue = "300", description = "Length of each response (default: ${DEFAULT-VALUE}).")
    long lengthMs;

    @Option(names = "--file", description = "Use this system trace instead of generating one.")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PerfettoWorkload.withTrace(file, null, sizeMb, out, trace -> measure(TraceFiles.read(trace), out));
        return 0;
    }

    private void measure(Trace trace, PrintWriter out) {
        List<long[]> windows = windows(trace);
        if (windows.isEmpty()) {
            out.println("  no thread runs long enough for a response");
            return;
        }
        long states = trace.system().states().stream().mapToLong(ThreadStateTable::size).sum();
        double[] index = new double[3];
        for (int k = 0; k < index.length; k++) {
            long i0 = System.nanoTime();
            new CpuRunIndex(trace.system().states());
            index[k] = (System.nanoTime() - i0) / 1e6;
        }
        out.printf("  per-CPU running index over %,d thread states: %.1f ms cold, %.1f ms warm (built once per trace)%n",
                states, index[0], index[index.length - 1]);
        SystemGraphBuilder builder = new SystemGraphBuilder();
        long t0 = System.nanoTime();
        ResponseGraph first = build(builder, trace, windows.get(0));
        out.printf("  first graph (with the per-CPU index): %.1f ms, %,d path segments%n",
                (System.nanoTime() - t0) / 1e6, first.criticalPath().segments().size());
        double[] ms = new double[windows.size()];
        long segments = 0;
        long vertices = 0;
        for (int i = 0; i < windows.size(); i++) {
            long s = System.nanoTime();
            ResponseGraph g = build(builder, trace, windows.get(i));
            segments += g.criticalPath().segments().size();
            vertices += g.vertexCount();
            ms[i] = (System.nanoTime() - s) / 1e6;
        }
        Arrays.sort(ms);
        out.printf("  %d responses of %d ms: median %.2f ms, worst %.2f ms per graph (walk, graph, baseline);"
                        + " %,d path segments and %,d vertices on average%n", ms.length, lengthMs, ms[ms.length / 2],
                ms[ms.length - 1], segments / ms.length, vertices / ms.length);
        out.flush();
    }

    private ResponseGraph build(SystemGraphBuilder builder, Trace trace, long[] w) {
        int thread = (int) w[0];
        Response r = new Response(0, "bench", thread, trace.threads().get(thread).name(), w[1], w[2], true, null);
        ResponseWork work = new ResponseWork(trace, EventTable.empty(), List.of(), r, -1, EventSet.EMPTY, List.of(), -1);
        SystemWork sys = new SystemWork(List.of(new TrackedStretch(thread, w[1], w[2], TrackedStretch.Cause.TRIGGER, -1)),
                -1, thread, w[2], -1, false);
        return builder.build(work, sys);
    }

    /** {thread, start, end}: windows ending while a random thread runs, at random times. */
    private List<long[]> windows(Trace trace) {
        Random random = new Random(7);
        List<ThreadStateTable> states = trace.system().states();
        List<long[]> out = new ArrayList<>();
        long length = lengthMs * 1_000_000L;
        for (int tries = 0; out.size() < responses && tries < responses * 20; tries++) {
            int t = random.nextInt(states.size());
            ThreadStateTable s = states.get(t);
            if (s.size() < 10) {
                continue;
            }
            int i = random.nextInt(s.size());
            long end = s.end(i);
            if (s.state(i) != dev.ura.trace.model.system.ThreadState.RUNNING || end - length < s.start(0)) {
                continue;
            }
            out.add(new long[] {t, end - length, end});
        }
        return out;
    }
}
