package dev.ura.app.analysis.graph.method;

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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds small {@link ResponseWork}s in code: threads with calls, agent-log events (an interval is
 * also a call named {@code KIND:name}, as agent-log readers make them), links and fulfilments.
 * Times in ns. Events added are tracked unless added with {@link #untracked()} in force.
 */
public final class WorkFixtures {
    private record Call(int thread, String fullName, long start, long end, long cpuStart, long cpuEnd, int event) {
    }

    private final Clock clock;
    private final List<String> threadNames = new ArrayList<>();
    private final List<Boolean> mains = new ArrayList<>();
    private final List<Call> calls = new ArrayList<>();
    private final EventTable.Builder events = new EventTable.Builder();
    private final List<Link> links = new ArrayList<>();
    private final List<RequestFulfilment> fulfilments = new ArrayList<>();
    private final BitSet tracked = new BitSet();
    private boolean tracking = true;

    public WorkFixtures() {
        this(Clock.WALL);
    }

    public WorkFixtures(Clock clock) {
        this.clock = clock;
    }

    /** Adds a thread; returns its index. */
    public int thread(String name, boolean main) {
        threadNames.add(name);
        mains.add(main);
        return threadNames.size() - 1;
    }

    /** A method call ({@code pkg.Class.method}); with a dual clock, thread time = wall time. */
    public WorkFixtures call(int thread, String fullName, long start, long end) {
        return call(thread, fullName, start, end, start, end);
    }

    /** A method call with explicit thread-CPU times (dual clock). */
    public WorkFixtures call(int thread, String fullName, long start, long end, long cpuStart, long cpuEnd) {
        calls.add(new Call(thread, fullName, start, end, cpuStart, cpuEnd, -1));
        return this;
    }

    /** From now on, added events are not tracked work of the response. */
    public WorkFixtures untracked() {
        tracking = false;
        return this;
    }

    /** From now on, added events are tracked (the default). */
    public WorkFixtures tracked() {
        tracking = true;
        return this;
    }

    /** An interval event (and its call {@code KIND} or {@code KIND:name}); returns the event index. */
    public int interval(EventKind kind, int thread, long start, long end, String name) {
        return interval(kind, thread, start, end, name, start, end);
    }

    /** An interval event whose call has explicit thread-CPU times (dual clock). */
    public int interval(EventKind kind, int thread, long start, long end, String name, long cpuStart, long cpuEnd) {
        int e = event(kind, thread, start, end, true);
        if (name != null) {
            events.setName(e, name);
        }
        String callName = name == null ? kind.name() : kind.name() + ":" + name;
        calls.add(new Call(thread, callName, start, end, cpuStart, cpuEnd, e));
        return e;
    }

    /** An instant event; returns its index. */
    public int instant(EventKind kind, int thread, long at, String identity) {
        int e = event(kind, thread, at, at, false);
        if (identity != null) {
            events.setIdentity(e, identity);
        }
        return e;
    }

    private int event(EventKind kind, int thread, long start, long end, boolean interval) {
        int e = events.add(kind, thread, start, end, interval);
        if (tracking) {
            tracked.set(e);
        }
        return e;
    }

    public WorkFixtures link(int send, int dispatch, LinkKind via) {
        links.add(new Link(send, dispatch, via));
        return this;
    }

    public WorkFixtures fulfil(int request, int draw) {
        fulfilments.add(new RequestFulfilment(request, draw));
        return this;
    }

    /** The work of the response started by {@code trigger} and ended by {@code end} (or -1). */
    public ResponseWork work(int trigger, int end) {
        List<ThreadTrack> threads = new ArrayList<>();
        MethodTable.Builder methods = new MethodTable.Builder();
        Map<String, Integer> methodIndex = new HashMap<>();
        for (int t = 0; t < threadNames.size(); t++) {
            threads.add(new ThreadTrack(100 + t, threadNames.get(t), mains.get(t), 0, table(t, methods, methodIndex)));
        }
        EventTable table = events.build();
        Trace trace = new Trace("fixture", new TraceMetadata("agent-log", "jsonl", 1, clock, null, -1, -1, Map.of()),
                methods.build(), threads, table, List.of(), table.size(), List.of());
        int t = table.thread(trigger);
        long endNs = end >= 0 ? table.end(end) : table.end(trigger);
        EndEvent endEvent = end < 0 ? null
                : new EndEvent(table.thread(end), threadNames.get(table.thread(end)), table.kind(end),
                        table.identity(end), table.end(end));
        Response response = new Response(0, table.name(trigger), t, threadNames.get(t), table.start(trigger), endNs,
                true, endEvent);
        return new ResponseWork(trace, table, links, response, trigger, tracked, fulfilments, end);
    }

    private CallTable table(int thread, MethodTable.Builder methods, Map<String, Integer> methodIndex) {
        List<Call> mine = new ArrayList<>();
        for (Call c : calls) {
            if (c.thread() == thread) {
                mine.add(c);
            }
        }
        mine.sort(Comparator.comparingLong(Call::start).thenComparing(Comparator.comparingLong(Call::end).reversed()));
        CallTable.Builder b = new CallTable.Builder(0, 1, clock.hasThreadCpu(), mine.size());
        List<Call> stack = new ArrayList<>();
        for (Call c : mine) {
            while (!stack.isEmpty() && stack.get(stack.size() - 1).end() <= c.start()
                    && stack.get(stack.size() - 1).end() < c.end()) {
                stack.remove(stack.size() - 1);
            }
            int m = methodIndex.computeIfAbsent(c.fullName(), n -> methods.define(method(methodIndex.size(), n)));
            int i = b.open(m, stack.size(), c.start(), c.cpuStart());
            b.close(i, c.end(), c.cpuEnd());
            if (c.event() >= 0) {
                events.setCall(c.event(), i);
            }
            stack.add(c);
        }
        return b.build();
    }

    private static MethodInfo method(int id, String fullName) {
        int dot = fullName.lastIndexOf('.');
        if (fullName.contains(":") || dot < 0) {
            return new MethodInfo(id, "", fullName, null, null, -1);
        }
        return new MethodInfo(id, fullName.substring(0, dot), fullName.substring(dot + 1), "()V", null, -1);
    }
}
