package dev.ura.app.cli.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a large Perfetto protobuf trace shaped like a modern Android recording: per-CPU ftrace
 * bundles every few milliseconds with compact scheduler switches and wakings of ~200 threads in 20
 * processes (each bundle with its own comm intern table, as the kernel writer does), atrace slice
 * begin/end {@code print} events (nested, balanced) from whichever thread is running, and
 * Perfetto SDK TrackEvent sequences of four apps (interned names, incremental clock, periodic
 * clears). Deterministic for a given size.
 */
final class PerfettoWorkload {
    private static final int CPUS = 8;
    private static final int PROCESSES = 20;
    private static final int THREADS_PER_PROCESS = 10;
    private static final int SDK_PROCESSES = 4;
    /** TrackEvent slices per SDK sequence per round of bundles (about a seventh of the bytes). */
    private static final int SDK_SLICES_PER_ROUND = 45;
    private static final String[] SLICES = {"traversal", "measure", "layout", "draw",
            "Record View#draw()", "inflate", "binder transaction", "Lock contention on a monitor lock",
            "RV OnLayout", "syncFrameState", "queueBuffer", "dequeueBuffer", "animation", "input"};
    private static final long VSYNC_NS = 16_666_667L;
    private static final String[] THREAD_NAMES = {null, "RenderThread", "Jit thread pool", "HeapTaskDaemon",
            "binder:%d_1", "binder:%d_2", "pool-1-thread-1", "OkHttp Dispatch", "DefaultDispatch", "queued-work-loo"};

    /** What a benchmark does with the trace it measures. */
    interface TraceUse {
        void accept(Path trace) throws Exception;
    }

    /**
     * Runs {@code use} on {@code file} or, when it is {@code null}, on a workload trace of
     * {@code sizeMb} written first: to {@code keep} when given (and kept), else to a temporary
     * folder removed afterwards. Shared by the benchmarks that measure system traces.
     */
    static void withTrace(Path file, Path keep, int sizeMb, PrintWriter out, TraceUse use) throws Exception {
        Path trace = file;
        Path dir = null;
        if (trace == null) {
            if (keep != null) {
                trace = keep;
            } else {
                dir = Files.createTempDirectory("ura-bench");
                trace = dir.resolve("bench.perfetto-trace");
            }
            long t0 = System.nanoTime();
            long n = new PerfettoWorkload().write(trace, (long) sizeMb << 20);
            out.printf("%s: wrote %,d bytes in %.1f s%n", trace.getFileName(), n, (System.nanoTime() - t0) / 1e9);
            out.flush();
        }
        try {
            use.accept(trace);
        } finally {
            if (dir != null) {
                Files.deleteIfExists(trace);
                Files.deleteIfExists(dir);
            }
        }
    }

    private final Random random = new Random(42);
    private final BenchProto packet = new BenchProto();
    private final BenchProto bundle = new BenchProto();
    private final BenchProto event = new BenchProto();
    private final BenchProto compact = new BenchProto();
    private final BenchProto scratch = new BenchProto();
    private final List<String> intern = new ArrayList<>();
    private final List<SdkTrackEvents> sdk = new ArrayList<>();
    /** The last vsync each process's main thread / RenderThread drew a frame for (index: process). */
    private final long[] lastDoFrame = new long[PROCESSES];
    private final long[] lastDraw = new long[PROCESSES];

    /** Bytes written. */
    long write(Path file, long targetBytes) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            long written = header(out);
            long[] now = new long[CPUS];
            int[] current = new int[CPUS];
            for (int c = 0; c < CPUS; c++) {
                now[c] = 1_000_000_000_000L;
                current[c] = 0;
            }
            for (int p = 0; p < SDK_PROCESSES; p++) {
                sdk.add(new SdkTrackEvents(100 + p, pid(p), pid(p) + 50, "tracing-sdk", random));
            }
            while (written < targetBytes) {
                long from = now[0];
                for (int c = 0; c < CPUS && written < targetBytes; c++) {
                    written += bundle(out, c, now, current);
                }
                for (SdkTrackEvents s : sdk) {
                    written += s.slices(out, from, now[0], SDK_SLICES_PER_ROUND);
                }
            }
            return written;
        }
    }

    private long header(OutputStream out) throws IOException {
        long n = 0;
        n += BenchProto.emit(out, packet.reset().msg(45, scratch.reset().msg(1, new BenchProto().str(1, "Linux")
                .str(3, "6.1.75-android14"))).varint(10, 1));
        BenchProto snap = new BenchProto().msg(1, new BenchProto().varint(1, 6).varint(2, 1_000_000_000_000L))
                .msg(1, new BenchProto().varint(1, 3).varint(2, 990_000_000_000L));
        n += BenchProto.emit(out, packet.reset().msg(6, snap).varint(10, 1));
        BenchProto tree = new BenchProto();
        for (int p = 0; p < PROCESSES; p++) {
            int pid = pid(p);
            tree.msg(1, new BenchProto().varint(1, pid).varint(2, 1).str(3, "com.example.app" + p));
            for (int t = 1; t < THREADS_PER_PROCESS; t++) {
                tree.msg(2, new BenchProto().varint(1, pid + t).varint(3, pid).str(2, comm(pid + t)));
            }
        }
        n += BenchProto.emit(out, packet.reset().msg(2, tree).varint(10, 1));
        return n;
    }

    private static int pid(int process) {
        return 1000 + process * 100;
    }

    /** The kernel's name of a thread (15 bytes at most; an app's main thread: the package's tail). */
    private static String comm(int tid) {
        int t = tid % 100;
        if (t == 0) {
            String pkg = "com.example.app" + (tid - 1000) / 100;
            return pkg.substring(Math.max(0, pkg.length() - 15));
        }
        String name = String.format(THREAD_NAMES[t], tid / 100 * 100);
        return name.length() > 15 ? name.substring(0, 15) : name;
    }

    private int randomTid() {
        return pid(random.nextInt(PROCESSES)) + random.nextInt(THREADS_PER_PROCESS);
    }

    /** The bundle intern table index of {@code tid}'s comm. */
    private int commIndex(int tid) {
        String c = tid == 0 ? "swapper/0" : comm(tid);
        int i = intern.indexOf(c);
        if (i < 0) {
            intern.add(c);
            i = intern.size() - 1;
        }
        return i;
    }

    /** One bundle: ~60 switches, ~40 wakings and the slices of each run. */
    private long bundle(OutputStream out, int cpu, long[] now, int[] current) throws IOException {
        bundle.reset().varint(1, cpu);
        intern.clear();
        int switches = 60;
        long[] swTs = new long[switches];
        long[] swState = new long[switches];
        long[] swNext = new long[switches];
        long[] swPrio = new long[switches];
        long[] swComm = new long[switches];
        long[] wkTs = new long[switches];
        long[] wkPid = new long[switches];
        long[] wkCpu = new long[switches];
        long[] wkPrio = new long[switches];
        long[] wkComm = new long[switches];
        int wakings = 0;
        long lastSwitch = 0;
        long lastWaking = 0;
        long t = now[cpu];
        for (int i = 0; i < switches; i++) {
            int tid = current[cpu];
            long run = 20_000 + random.nextInt(400_000);
            if (tid != 0) {
                int depth = 1 + random.nextInt(3);
                long step = run / (2L * depth + 2);
                long at = t + step;
                for (int d = 0; d < depth; d++, at += step) {
                    print(tid, at, "B|" + (tid / 100 * 100) + "|" + sliceName(tid, d, at));
                }
                for (int d = 0; d < depth; d++, at += step) {
                    print(tid, at, "E|" + (tid / 100 * 100));
                }
                if (random.nextInt(3) > 0) {
                    long wt = t + run / 2 + 1;
                    wkTs[wakings] = wt - lastWaking;
                    lastWaking = wt;
                    wkPid[wakings] = randomTid();
                    wkCpu[wakings] = random.nextInt(CPUS);
                    wkPrio[wakings] = 120;
                    wkComm[wakings] = commIndex((int) wkPid[wakings]);
                    wakings++;
                }
            }
            t += run;
            int next = random.nextInt(5) == 0 ? 0 : randomTid();
            swTs[i] = t - lastSwitch;
            lastSwitch = t;
            swState[i] = tid == 0 ? 0 : random.nextInt(4) == 0 ? 0x100 : 1;
            swNext[i] = next;
            swPrio[i] = next == 0 ? 120 : 110 + random.nextInt(20);
            swComm[i] = commIndex(next);
            current[cpu] = next;
        }
        now[cpu] = t;
        compact.reset();
        for (String c : intern) {
            compact.str(5, c);
        }
        compact.packed(1, swTs, switches).packed(2, swState, switches).packed(3, swNext, switches)
                .packed(4, swPrio, switches).packed(6, swComm, switches).packed(7, wkTs, wakings)
                .packed(8, wkPid, wakings).packed(9, wkCpu, wakings).packed(10, wkPrio, wakings)
                .packed(11, wkComm, wakings);
        bundle.msg(4, compact);
        return BenchProto.emit(out, packet.reset().msg(1, bundle).varint(10, 1));
    }

    /**
     * A slice name: a main thread's outermost slice is its frame ({@code Choreographer#doFrame <vsync>})
     * and a RenderThread's its draw ({@code DrawFrames <vsync>}), at most once per vsync as on a
     * device; everything else is an ordinary nested slice.
     */
    private String sliceName(int tid, int depth, long at) {
        int p = (tid - 1000) / 100;
        long vsync = at / VSYNC_NS;
        if (depth == 0 && tid % 100 == 0 && vsync > lastDoFrame[p]) {
            lastDoFrame[p] = vsync;
            return "Choreographer#doFrame " + vsync;
        }
        if (depth == 0 && tid % 100 == 1 && vsync > lastDraw[p]) {
            lastDraw[p] = vsync;
            return "DrawFrames " + vsync;
        }
        return SLICES[random.nextInt(SLICES.length)];
    }

    private void print(int tid, long ts, String payload) {
        event.reset().varint(1, ts).varint(2, tid)
                .msg(3, scratch.reset().varint(1, 0xffffffc012345678L).str(2, payload + "\n"));
        bundle.msg(2, event);
    }
}
