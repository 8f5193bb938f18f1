package dev.ura.app.cli.bench;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An in-memory Android method trace shaped like a busy app: every 100 ms a click hands a task to a
 * pool of four workers (hundreds of calls, a network read), unrelated main-thread messages arrive,
 * the result is posted back and invalidates a view, and a 60 Hz animation draws frames of a few
 * hundred calls each. Times in µs like a real trace.
 */
final class MethodTraceWorkload {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long WINDOW = 100 * MS;
    private static final int WORKERS = 4;
    private static final String APP = "com.example.bench.";

    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final Map<String, Integer> index = new HashMap<>();

    /** A trace with {@code responses} clicks (about 2,600 calls each). */
    Trace build(int responses) {
        Writer main = new Writer(this);
        List<Writer> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            workers.add(new Writer(this));
            workers.get(w).enter("java.util.concurrent.ThreadPoolExecutor.runWorker", 0);
        }
        main.enter("android.os.Looper.loop", 0);
        for (int i = 0; i < responses; i++) {
            long t0 = i * WINDOW + MS;
            String task = APP + "Task" + (i % 50);
            main.enter("android.os.Handler.dispatchMessage", t0).enter("android.view.View.performClick", t0 + 10 * US)
                    .enter(APP + "Screen$1.onClick", t0 + 20 * US).call(task + ".<init>", t0 + 30 * US, t0 + 40 * US)
                    .enter("java.util.concurrent.ThreadPoolExecutor.execute", t0 + 50 * US)
                    .call("java.lang.Thread.start", t0 + 60 * US, t0 + 70 * US)
                    .exit(t0 + 80 * US).exit(t0 + 90 * US).exit(t0 + 100 * US).exit(t0 + MS);
            for (int f = 0; f < 6; f++) {
                long fs = t0 + 2 * MS + f * 16_667 * US;
                if (f == 3) {
                    message(main, APP + "Clock.tick", fs - 3 * MS);
                    long rs = fs - 2 * MS;
                    main.enter("android.os.Handler.dispatchMessage", rs).enter(task + ".onDone", rs + 10 * US)
                            .call("android.view.View.invalidate", rs + 100 * US, rs + 120 * US).exitAfter(rs + 300 * US);
                }
                frame(main, fs);
            }
            Writer w = workers.get(i % WORKERS);
            long ws = t0 + 2 * MS;
            w.enter(task + ".run", ws);
            for (int k = 0; k < 100; k++) {
                long s = ws + 10 * US + k * 100 * US;
                w.enter(APP + "Parser.parse", s).call(APP + "Parser.token", s + US, s + 40 * US)
                        .call("java.lang.String.substring", s + 41 * US, s + 60 * US).exit(s + 90 * US);
            }
            w.call("java.net.SocketInputStream.read", ws + 11 * MS, ws + 45 * MS);
            w.enter("android.os.Handler.sendMessageAtTime", ws + 45 * MS + 100 * US)
                    .call("android.os.MessageQueue.enqueueMessage", ws + 45 * MS + 110 * US, ws + 45 * MS + 120 * US)
                    .exit(ws + 45 * MS + 130 * US).exit(ws + 45 * MS + 200 * US);
        }
        long end = responses * WINDOW + 2 * MS;
        main.exit(end);
        List<ThreadTrack> threads = new ArrayList<>();
        threads.add(new ThreadTrack(1, "main", true, main.records, main.calls.build()));
        for (int w = 0; w < WORKERS; w++) {
            Writer wr = workers.get(w).exit(end);
            threads.add(new ThreadTrack(10 + w, "pool-1-thread-" + (w + 1), false, wr.records, wr.calls.build()));
        }
        long records = threads.stream().mapToLong(ThreadTrack::records).sum();
        TraceMetadata meta = new TraceMetadata("android-trace", "generated", 3, Clock.WALL, "art", 1, 0, Map.of());
        return new Trace("bench", meta, methods.build(), threads, EventTable.empty(), List.of(), records, List.of());
    }

    private static Writer message(Writer main, String method, long at) {
        return main.enter("android.os.Handler.dispatchMessage", at).enter(method, at + 10 * US)
                .exitAfter(at + 200 * US);
    }

    private static void frame(Writer main, long fs) {
        main.enter("android.os.Handler.dispatchMessage", fs).enter("android.view.Choreographer.doFrame", fs + 10 * US)
                .call("android.view.View.invalidate", fs + 20 * US, fs + 30 * US)
                .enter("android.view.ViewRootImpl.performTraversals", fs + 40 * US)
                .enter("android.view.ViewRootImpl.performDraw", fs + 50 * US);
        for (int k = 0; k < 60; k++) {
            long s = fs + 60 * US + k * 60 * US;
            main.enter("android.view.View.draw", s).enter("android.view.ViewGroup.dispatchDraw", s + US)
                    .call("android.graphics.Canvas.drawText", s + 2 * US, s + 20 * US)
                    .call("android.graphics.Canvas.drawRect", s + 21 * US, s + 40 * US).exit(s + 50 * US)
                    .exit(s + 55 * US);
        }
        main.exit(fs + 4 * MS).exit(fs + 4 * MS + 10 * US).exit(fs + 4 * MS + 20 * US).exit(fs + 4 * MS + 30 * US);
    }

    int method(String fullName) {
        return index.computeIfAbsent(fullName, n -> {
            int dot = n.lastIndexOf('.');
            return methods.define(new MethodInfo(index.size() + 1, n.substring(0, dot), n.substring(dot + 1), "()V",
                    null, -1));
        });
    }

    /** One thread's calls, written in the order the thread made them. */
    private static final class Writer {
        final CallTable.Builder calls = new CallTable.Builder(0, US, false, 1 << 16);
        private final MethodTraceWorkload owner;
        private int[] open = new int[64];
        private int depth;
        long records;

        Writer(MethodTraceWorkload owner) {
            this.owner = owner;
        }

        Writer enter(String method, long at) {
            open[depth] = calls.open(owner.method(method), depth, at, 0);
            depth++;
            records++;
            return this;
        }

        Writer exit(long at) {
            calls.close(open[--depth], at, 0);
            records++;
            return this;
        }

        /** Closes the innermost call and its parent (a message's body, then the dispatch). */
        Writer exitAfter(long at) {
            return exit(at - 10 * US).exit(at);
        }

        Writer call(String method, long start, long end) {
            return enter(method, start).exit(end);
        }
    }
}
