package dev.ura.app.cli.bench;

import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A deterministic response of a requested size for benchmarks, shaped like an agent log: a click
 * hands work round-robin to a few threads; each dispatch runs an app method ({@code
 * com.example.bench.Work.computeK}, K = 0..9) with a storage or network interval inside and sends
 * the next dispatch (every third also the one after, so the graph branches); the last one
 * requests the draw that ends the response. About five graph vertices per dispatch.
 */
public final class SyntheticResponseWork {
    static final int COMPUTE_VARIANTS = 10;
    private static final int M_CLICK = 0;
    private static final int M_DISPATCH = 1;
    private static final int M_WRITE = 2;
    private static final int M_RECV = 3;
    private static final int M_DRAW = 4;
    private static final int M_COMPUTE = 5;

    private SyntheticResponseWork() {
    }

    /** A response whose graph has about {@code segments} vertices, over {@code threads} threads (≥ 2). */
    public static ResponseWork generate(int segments, int threads, long seed) {
        int pieces = Math.max(2, segments / 5);
        int n = Math.max(2, threads);
        SplittableRandom random = new SplittableRandom(seed);
        MethodTable.Builder methods = new MethodTable.Builder();
        methods.define(new MethodInfo(1, "", "USER_INPUT:onClick", null, null, -1));
        methods.define(new MethodInfo(2, "", "DISPATCH_MSG:run", null, null, -1));
        methods.define(new MethodInfo(3, "", "WRITE", null, null, -1));
        methods.define(new MethodInfo(4, "", "RECV", null, null, -1));
        methods.define(new MethodInfo(5, "", "DRAW", null, null, -1));
        for (int k = 0; k < COMPUTE_VARIANTS; k++) {
            methods.define(new MethodInfo(6 + k, "com.example.bench.Work", "compute" + k, "()V", "Work.java", k));
        }
        CallTable.Builder[] calls = new CallTable.Builder[n];
        for (int t = 0; t < n; t++) {
            calls[t] = new CallTable.Builder(0, 1, false, pieces * 3 / n + 16);
        }
        EventTable.Builder events = new EventTable.Builder();
        List<Link> links = new ArrayList<>();
        long[] threadFree = new long[n];
        long[] readyAt = new long[pieces + 2];
        int[] sendOf = new int[pieces + 2];
        int[] extraSendOf = new int[pieces + 2];
        java.util.Arrays.fill(sendOf, -1);
        java.util.Arrays.fill(extraSendOf, -1);

        int click = events.add(EventKind.USER_INPUT, 0, 0, 2_000_000L, true);
        events.setName(click, "onClick");
        events.setCall(click, call(calls[0], M_CLICK, 0, 0, 2_000_000L));
        sendOf[0] = send(events, 0, 1_000_000L, "obj0");
        readyAt[0] = 1_000_000L;
        threadFree[0] = 2_000_000L;
        int lastRequest = -1;
        for (int i = 0; i < pieces; i++) {
            int t = (i % (n - 1)) + 1;
            long start = Math.max(readyAt[i], threadFree[t]) + random.nextLong(50_000);
            long length = 50_000 + random.nextLong(450_000);
            long end = start + length;
            int d = events.add(EventKind.DISPATCH_MSG, t, start, end, true);
            events.setName(d, "run").setIdentity(d, "obj" + i);
            events.setCall(d, call(calls[t], M_DISPATCH, 0, start, end));
            links.add(new Link(sendOf[i], d, LinkKind.IDENTITY));
            if (extraSendOf[i] >= 0) {
                links.add(new Link(extraSendOf[i], d, LinkKind.FIFO));
            }
            call(calls[t], M_COMPUTE + (i % COMPUTE_VARIANTS), 1, start + length / 10, end - length / 10);
            boolean network = random.nextInt(4) == 0;
            long ioStart = start + length / 5;
            long ioEnd = start + length / 2;
            int io = events.add(network ? EventKind.RECV : EventKind.WRITE, t, ioStart, ioEnd, true);
            events.setCall(io, call(calls[t], network ? M_RECV : M_WRITE, 2, ioStart, ioEnd));
            long sendAt = start + length * 3 / 4;
            sendOf[i + 1] = send(events, t, sendAt, "obj" + (i + 1));
            readyAt[i + 1] = Math.max(readyAt[i + 1], sendAt);
            if (i % 3 == 0) {
                extraSendOf[i + 2] = send(events, t, sendAt, "extra" + i);
                readyAt[i + 2] = Math.max(readyAt[i + 2], sendAt);
            }
            if (i == pieces - 1) {
                lastRequest = events.add(EventKind.INVALIDATE, t, sendAt, sendAt, false);
                events.setIdentity(lastRequest, "view");
            }
            threadFree[t] = end;
        }
        long drawStart = threadFree[0];
        for (long f : threadFree) {
            drawStart = Math.max(drawStart, f);
        }
        drawStart += 1_000_000L;
        int draw = events.add(EventKind.DRAW, 0, drawStart, drawStart + 3_000_000L, true);
        events.setIdentity(draw, "view");
        events.setCall(draw, call(calls[0], M_DRAW, 0, drawStart, drawStart + 3_000_000L));
        EventTable table = events.build();
        BitSet tracked = new BitSet();
        tracked.set(0, table.size());
        tracked.clear(draw);
        List<ThreadTrack> tracks = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            CallTable c = calls[t].build();
            tracks.add(new ThreadTrack(t + 1L, t == 0 ? "main" : "worker-" + t, t == 0, c.size(), c));
        }
        Trace trace = new Trace("synthetic-response-" + segments, new TraceMetadata("agent-log", "bench", 1,
                Clock.WALL, null, -1, 0, Map.of()), methods.build(), tracks, table, List.of(), table.size(), List.of());
        long endNs = drawStart + 3_000_000L;
        Response response = new Response(0, "onClick", 0, "main", 0, endNs, true,
                new EndEvent(0, "main", EventKind.DRAW, "view", endNs));
        return new ResponseWork(trace, table, links, response, click, tracked,
                List.of(new RequestFulfilment(lastRequest, draw)), draw);
    }

    private static int call(CallTable.Builder b, int method, int depth, long start, long end) {
        int i = b.open(method, depth, start, 0);
        b.close(i, end, 0);
        return i;
    }

    private static int send(EventTable.Builder events, int thread, long at, String obj) {
        int s = events.add(EventKind.SEND_MSG, thread, at, at, false);
        events.setIdentity(s, obj).setVia(s, "handler");
        return s;
    }
}
