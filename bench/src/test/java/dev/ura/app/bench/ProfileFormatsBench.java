package dev.ura.app.bench;

import dev.ura.app.analysis.callgraph.CallGraph;
import dev.ura.app.analysis.callgraph.CallGraphAnalyzer;
import dev.ura.app.analysis.callgraph.CallGraphFilter;
import dev.ura.app.analysis.callgraph.DotWriter;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileAnalyzer;
import dev.ura.trace.chrome.ChromeJsonWriter;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.pvtrace.PvtraceReader;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * Benchmark main (not a test): generates a large {@code -finstrument-functions} trace, reads it,
 * converts it to Chrome JSON and reads that back, then times profile, trees and call graph.
 * Run: {@code java -cp <bench module test classpath> dev.ura.app.bench.ProfileFormatsBench [calls] [dir]}
 * (in the bench module, so the product module holds no benchmark).
 */
public final class ProfileFormatsBench {
    private ProfileFormatsBench() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("ura-bench");
        Path pv = dir.resolve("bench.pvtrace");
        generate(pv, calls, 4, 800, 42);
        cpu0 = CPU.getCurrentThreadCpuTime();
        System.out.printf(Locale.ROOT, "pvtrace file: %,d calls, %.1f MB%n", calls, Files.size(pv) / 1e6);

        PvtraceReader reader = new PvtraceReader(new PvtraceReader.Options(null, 0, "addr2line"));
        Trace t = null;
        for (int run = 0; run < 3; run++) {
            long t0 = System.nanoTime();
            t = reader.read(pv.toString(), map(pv), Progress.NONE);
            report("read pvtrace", t0, Files.size(pv), t.callCount());
        }
        long heap = 0;
        for (var th : t.threads()) {
            heap += th.calls().byteSize();
        }
        System.out.printf(Locale.ROOT, "  call columns: %.1f MB (%.1f bytes/call)%n", heap / 1e6, (double) heap / t.callCount());

        Path json = dir.resolve("bench.json");
        long t0 = System.nanoTime();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(json), 1 << 16)) {
            new ChromeJsonWriter(t).write(out);
        }
        report("write chrome-json", t0, Files.size(json), t.callCount());
        for (int run = 0; run < 3; run++) {
            t0 = System.nanoTime();
            Trace back = TraceFiles.read(json);
            report("read chrome-json", t0, Files.size(json), back.callCount());
        }
        for (int run = 0; run < 3; run++) {
            t0 = System.nanoTime();
            Profile flat = new ProfileAnalyzer(t).flat(CallScope.all());
            report("profile (flat, " + flat.rows().size() + " rows)", t0, 0, t.callCount());
            t0 = System.nanoTime();
            Profile trees = new ProfileAnalyzer(t).analyze(CallScope.all(), true, Progress.NONE);
            report("profile + top-down + bottom-up (" + trees.topDown().children().size() + " threads)", t0, 0,
                    t.callCount());
            t0 = System.nanoTime();
            CallGraph g = new CallGraphAnalyzer(t).analyze(CallScope.all(), CallGraphFilter.none());
            report("call graph (" + g.graph().edgeSet().size() + " edges)", t0, 0, t.callCount());
            t0 = System.nanoTime();
            String dot = new DotWriter(g).toDot();
            report("DOT text (" + dot.length() / 1000 + " kB)", t0, 0, t.callCount());
            t0 = System.nanoTime();
            CallGraph hot = new CallGraphAnalyzer(t).analyze(CallScope.all(), new CallGraphFilter(20, 0));
            report("call graph, --min-calls 20 (" + hot.graph().edgeSet().size() + " edges)", t0, 0, t.callCount());
        }
    }

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
    private static long cpu0;

    /** Wall time and this thread's CPU time (the machine may be shared: CPU time is the fairer figure). */
    private static void report(String what, long t0, long bytes, long calls) {
        double s = (System.nanoTime() - t0) / 1e9;
        long cpuNow = CPU.getCurrentThreadCpuTime();
        double c = (cpuNow - cpu0) / 1e9;
        cpu0 = cpuNow;
        System.out.printf(Locale.ROOT, "%-56s wall %7.3f s  cpu %7.3f s  %6.1f M calls/cpu-s%s%n", what, s, c,
                calls / c / 1e6, bytes > 0 ? String.format(Locale.ROOT, "  %6.1f MB/cpu-s", bytes / c / 1e6) : "");
    }

    private static ByteBuffer map(Path p) throws IOException {
        try (FileChannel ch = FileChannel.open(p)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        }
    }

    /** Random call trees in the extended form: {@code calls} calls over {@code threads} threads. */
    static void generate(Path file, int calls, int threads, int functions, long seed) throws IOException {
        Random rnd = new Random(seed);
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("# module 0x555555554000 /nonexistent/bench\n");
            long[] now = new long[threads];
            long[][] stack = new long[threads][64];
            int[] depth = new int[threads];
            int made = 0;
            while (made < calls || anyOpen(depth)) {
                int th = rnd.nextInt(threads);
                now[th] += 1 + rnd.nextInt(2000);
                boolean enter = made < calls && (depth[th] == 0 || (depth[th] < 60 && rnd.nextInt(100) < 52));
                long tid = 1000 + th;
                if (enter) {
                    long fn = 0x555555555000L + 16L * (depth[th] == 0 ? 0 : rnd.nextInt(functions));
                    stack[th][depth[th]++] = fn;
                    w.write("E 0x" + Long.toHexString(fn) + " 0x555555556000 " + tid + " " + now[th] + "\n");
                    made++;
                } else if (depth[th] > 0) {
                    long fn = stack[th][--depth[th]];
                    w.write("X 0x" + Long.toHexString(fn) + " 0x555555556000 " + tid + " " + now[th] + "\n");
                }
            }
        }
    }

    private static boolean anyOpen(int[] depth) {
        for (int d : depth) {
            if (d > 0) {
                return true;
            }
        }
        return false;
    }
}
