package dev.ura.trace.testing;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
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
 * Builds small traces in code for tests: threads, enter/exit in time order, optional events.
 * Method names like {@code pkg.Class.method} are split at the last dot so {@code fullName()}
 * gives them back.
 */
public final class CallTraceFixture {
    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final Map<String, Integer> methodIndex = new HashMap<>();
    private final List<long[]> threadIds = new ArrayList<>();
    private final List<String> threadNames = new ArrayList<>();
    private final List<CallTable.Builder> builders = new ArrayList<>();
    private final List<int[]> stacks = new ArrayList<>();
    private final List<int[]> depths = new ArrayList<>();
    private final EventTable.Builder events = new EventTable.Builder();
    private final Map<String, String> properties = new HashMap<>();
    private String format = "test";

    /** Adds a thread; returns its index. The first thread added is the main thread. */
    public int thread(long id, String name) {
        threadIds.add(new long[] {id});
        threadNames.add(name);
        builders.add(new CallTable.Builder(0, 1, false, 16));
        stacks.add(new int[1024]);
        depths.add(new int[1]);
        return builders.size() - 1;
    }

    /** Enters {@code method} on thread {@code t} at {@code ns}. */
    public CallTraceFixture enter(int t, String method, long ns) {
        int[] d = depths.get(t);
        stacks.get(t)[d[0]] = builders.get(t).open(method(method), d[0], ns, 0);
        d[0]++;
        return this;
    }

    /** Exits the innermost open call of thread {@code t} at {@code ns}. */
    public CallTraceFixture exit(int t, long ns) {
        int[] d = depths.get(t);
        d[0]--;
        builders.get(t).close(stacks.get(t)[d[0]], ns, 0);
        return this;
    }

    /** A complete call with no children: enter at {@code start}, exit at {@code end}. */
    public CallTraceFixture call(int t, String method, long start, long end) {
        return enter(t, method, start).exit(t, end);
    }

    /** The index of the call most recently opened on thread {@code t}. */
    public int lastCall(int t) {
        return builders.get(t).size() - 1;
    }

    /** Adds an event; returns the events builder index for further {@code set*} calls via {@link #events()}. */
    public int event(EventKind kind, int t, long start, long end, boolean interval, String identity, String name) {
        int e = events.add(kind, t, start, end, interval);
        events.setIdentity(e, identity).setName(e, name);
        return e;
    }

    /** The events builder, for fields {@link #event} does not take. */
    public EventTable.Builder events() {
        return events;
    }

    /** Sets a metadata property (e.g. {@code timestamps=event-order}). */
    public CallTraceFixture property(String key, String value) {
        properties.put(key, value);
        return this;
    }

    public CallTraceFixture format(String name) {
        format = name;
        return this;
    }

    /** The dense index of a method by full name (defining it when new). */
    public int method(String fullName) {
        Integer i = methodIndex.get(fullName);
        if (i == null) {
            int dot = fullName.lastIndexOf('.');
            String cls = dot < 0 ? "" : fullName.substring(0, dot);
            String name = dot < 0 ? fullName : fullName.substring(dot + 1);
            i = methods.define(new MethodInfo(methods.size() + 1, cls, name, null, null, -1));
            methodIndex.put(fullName, i);
        }
        return i;
    }

    public Trace build() {
        List<ThreadTrack> threads = new ArrayList<>();
        long records = 0;
        for (int t = 0; t < builders.size(); t++) {
            CallTable c = builders.get(t).build();
            threads.add(new ThreadTrack(threadIds.get(t)[0], threadNames.get(t), t == 0, 2L * c.size(), c));
            records += 2L * c.size();
        }
        TraceMetadata meta = new TraceMetadata(format, "fixture", 0, null, null, -1, -1, properties);
        return new Trace("fixture", meta, methods.build(), threads, events.build(), List.of(), records, List.of());
    }
}
