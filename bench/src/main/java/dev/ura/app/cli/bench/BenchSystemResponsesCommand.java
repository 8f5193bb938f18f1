package dev.ura.app.cli.bench;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.app.analysis.system.TrackedWork;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
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
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * {@code ura bench sysresponses [--size-mb 200] [--triggers 200] [--file F]}: response detection on
 * a system trace (docs/system-responses.md §1–§3). Prints the time of the whole detection
 * ({@code Analysis.of}: triggers, tracked work, frames, event table) and, on the generated trace
 * (the {@code bench perfetto} workload: ~200 threads waking each other every few hundred µs, the
 * worst case for following wakeups), the tracked-work search from random trigger stretches: the
 * hand-off index built once, then the median and worst time per trigger and the stretches found.
 */
@Command(name = "sysresponses", mixinStandardHelpOptions = true,
        description = "System-trace response detection and tracked-work search time.")
public final class BenchSystemResponsesCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Size of the generated trace (default: ${DEFAULT-VALUE}).")
    int sizeMb;

    @Option(names = "--triggers", defaultValue = "200", description = "Trigger stretches to follow (default: ${DEFAULT-VALUE}).")
    int triggers;

    @Option(names = "--file", description = "Use this system trace instead of generating one.")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PerfettoWorkload.withTrace(file, null, sizeMb, out, trace -> {
            Trace t = TraceFiles.read(trace);
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            long c0 = cpu.getCurrentThreadCpuTime();
            long a0 = System.nanoTime();
            Analysis a = Analysis.of(t);
            out.printf("  detection (Analysis.of): %.1f ms wall, %.1f ms CPU; %d responses, %,d events, %,d links%n",
                    (System.nanoTime() - a0) / 1e6, (cpu.getCurrentThreadCpuTime() - c0) / 1e6, a.responses().size(),
                    a.events().size(), a.links().size());
            follow(t, out);
        });
        return 0;
    }

    private void follow(Trace trace, PrintWriter out) {
        long i0 = System.nanoTime();
        TrackedWork work = new TrackedWork(trace);
        out.printf("  hand-off index over %,d wakeups, %,d binder transactions, %,d flows: %.1f ms (once per trace)%n",
                trace.system().wakeups().size(), trace.system().binder().size(), trace.system().flows().size(),
                (System.nanoTime() - i0) / 1e6);
        Random random = new Random(7);
        List<ThreadStateTable> states = trace.system().states();
        double[] ms = new double[triggers];
        long stretches = 0;
        long maxStretches = 0;
        int n = 0;
        for (int tries = 0; n < triggers && tries < triggers * 20 && !states.isEmpty(); tries++) {
            int t = random.nextInt(states.size());
            ThreadStateTable s = states.get(t);
            if (s.size() < 10) {
                continue;
            }
            int i = random.nextInt(s.size());
            if (s.state(i) != ThreadState.RUNNING) {
                continue;
            }
            long start = System.nanoTime();
            List<TrackedStretch> found = work.from(t, s.start(i), s.end(i));
            ms[n++] = (System.nanoTime() - start) / 1e6;
            stretches += found.size();
            maxStretches = Math.max(maxStretches, found.size());
        }
        if (n == 0) {
            out.println("  no thread runs in the trace");
            return;
        }
        double[] done = Arrays.copyOf(ms, n);
        Arrays.sort(done);
        out.printf("  %d triggers (one run of a random thread each): median %.2f ms, worst %.2f ms per search;"
                + " %,d stretches on average, %,d at most%n", n, done[n / 2], done[n - 1], stretches / n, maxStretches);
        out.flush();
    }
}
