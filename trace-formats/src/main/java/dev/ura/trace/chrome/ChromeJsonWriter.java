package dev.ura.trace.chrome;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a trace as Chrome Trace Event JSON ({@code {"traceEvents": [...]}}), which Perfetto and
 * {@code chrome://tracing} open:
 * <ul>
 *   <li>{@code M} events name the process and every thread;</li>
 *   <li>each call is a {@code B}/{@code E} pair in pre-order (pairs rather than {@code X} so that
 *       zero-length calls at a parent's edge keep their nesting); calls that are agent-log
 *       intervals carry the event in {@code args} ({@code kind}, {@code identity}, ...);</li>
 *   <li>each {@code SEND_MSG} is paired with the first later {@code DISPATCH_MSG} of the same
 *       identity and written as a flow ({@code s} at the send, {@code f} with {@code bp:"e"} at
 *       the dispatch's start), so hand-offs show as arrows;</li>
 *   <li>other instant events are {@code i} events with their kind in {@code args}.</li>
 * </ul>
 * Times are µs with up to three decimals, so ns survive a round trip through {@link ChromeJsonReader}.
 */
public final class ChromeJsonWriter {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final Trace trace;
    private final long pid;
    /** System traces: each thread's process (tgid), so Perfetto shows one process per app. */
    private final Map<Long, Long> processOf = new HashMap<>();
    /** Full names by method index, built once (a name is written per call). */
    private final String[] names;

    /** A writer for {@code trace}. */
    public ChromeJsonWriter(Trace trace) {
        this.trace = trace;
        this.pid = trace.metadata().pid() >= 0 ? trace.metadata().pid() : 1;
        for (var info : trace.system().threads()) {
            processOf.put(info.tid(), info.tgid() > 0 ? info.tgid() : info.tid());
        }
        this.names = new String[trace.methods().size()];
        for (int m = 0; m < names.length; m++) {
            names[m] = trace.methods().get(m).fullName();
        }
    }

    /** Writes the JSON document to {@code out} (left open). */
    public void write(OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeArrayFieldStart("traceEvents");
            writeNames(g);
            EventTable events = trace.events();
            flowIds = pairFlows(events);
            int[][] callEvents = callEvents(events);
            for (int t = 0; t < trace.threads().size(); t++) {
                writeCalls(g, trace.threads().get(t), callEvents[t]);
            }
            writeEvents(g, events);
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private void writeNames(JsonGenerator g) throws IOException {
        String app = trace.metadata().property("app");
        if (trace.system().present()) {
            for (var p : trace.system().processes()) {
                processName(g, p.pid(), p.name().isEmpty() ? "pid " + p.pid() : p.name());
            }
        } else {
            meta(g, "process_name", 0, app != null ? app : trace.source());
        }
        for (ThreadTrack t : trace.threads()) {
            meta(g, "thread_name", t.id(), t.name());
        }
    }

    private void processName(JsonGenerator g, long processId, String name) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", "process_name");
        g.writeNumberField("pid", processId);
        g.writeNumberField("tid", 0);
        g.writeObjectFieldStart("args");
        g.writeStringField("name", name);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** The pid to write for a thread: its process in a system trace, else the trace's one pid. */
    private long pidOf(long tid) {
        return processOf.isEmpty() ? pid : processOf.getOrDefault(tid, pid);
    }

    private void meta(JsonGenerator g, String what, long tid, String name) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", what);
        g.writeNumberField("pid", pidOf(tid));
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField("name", name);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** Per thread, per call: the index of the interval event that is this call, or -1. */
    private int[][] callEvents(EventTable events) {
        int[][] map = new int[trace.threads().size()][];
        for (int t = 0; t < map.length; t++) {
            map[t] = new int[trace.threads().get(t).calls().size()];
            Arrays.fill(map[t], -1);
        }
        for (int e = 0; e < events.size(); e++) {
            int t = events.thread(e);
            int c = events.call(e);
            if (events.isInterval(e) && t >= 0 && t < map.length && c >= 0 && c < map[t].length
                    && events.start(e) == trace.threads().get(t).calls().start(c)) {
                map[t][c] = e;
            }
        }
        return map;
    }

    private void writeCalls(JsonGenerator g, ThreadTrack thread, int[] callEvent) throws IOException {
        CallTable c = thread.calls();
        int[] open = new int[Math.max(1, c.maxDepth() + 1)];
        int depth = 0;
        for (int i = 0; i < c.size(); i++) {
            while (depth > c.depth(i)) {
                end(g, thread.id(), c.end(open[--depth]));
            }
            begin(g, thread.id(), c, i, callEvent[i]);
            open[depth++] = i;
        }
        while (depth > 0) {
            end(g, thread.id(), c.end(open[--depth]));
        }
    }

    private void begin(JsonGenerator g, long tid, CallTable c, int i, int event) throws IOException {
        MethodInfo m = trace.methods().get(c.method(i));
        g.writeStartObject();
        g.writeStringField("ph", "B");
        g.writeStringField("name", names[c.method(i)]);
        g.writeStringField("cat", event >= 0 ? "event" : "call");
        g.writeNumberField("pid", pidOf(tid));
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(ChromeTimes.nsToMicros(c.start(i)));
        if (m.signature() != null || event >= 0) {
            g.writeObjectFieldStart("args");
            if (m.signature() != null) {
                g.writeStringField("signature", m.signature());
            }
            if (event >= 0) {
                eventArgs(g, trace.events(), event);
            }
            g.writeEndObject();
        }
        g.writeEndObject();
        if (event >= 0 && flowIds != null && flowIds.containsKey(event)) {
            flow(g, "f", flowIds.get(event), tid, c.start(i), event);
        }
    }

    private void end(JsonGenerator g, long tid, long ts) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "E");
        g.writeNumberField("pid", pidOf(tid));
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(ChromeTimes.nsToMicros(ts));
        g.writeEndObject();
    }

    /** Flow ids of paired events (send and dispatch share one); built before any call is written. */
    private Map<Integer, Integer> flowIds;

    /** Pairs each SEND_MSG with the first unpaired DISPATCH_MSG of its identity that starts no earlier. */
    private Map<Integer, Integer> pairFlows(EventTable events) {
        Map<String, ArrayDeque<Integer>> dispatches = new HashMap<>();
        List<Integer> sends = new ArrayList<>();
        Integer[] order = new Integer[events.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(events.start(a), events.start(b)));
        for (int e : order) {
            if (events.identity(e) == null) {
                continue;
            }
            if (events.kind(e) == EventKind.DISPATCH_MSG) {
                dispatches.computeIfAbsent(events.identity(e), k -> new ArrayDeque<>()).add(e);
            } else if (events.kind(e) == EventKind.SEND_MSG) {
                sends.add(e);
            }
        }
        Map<Integer, Integer> ids = new HashMap<>();
        int next = 1;
        for (int s : sends) {
            ArrayDeque<Integer> q = dispatches.get(events.identity(s));
            while (q != null && !q.isEmpty() && events.start(q.peekFirst()) < events.start(s)) {
                q.pollFirst();
            }
            if (q != null && !q.isEmpty()) {
                int id = next++;
                ids.put(s, id);
                ids.put(q.pollFirst(), id);
            }
        }
        return ids;
    }

    private void writeEvents(JsonGenerator g, EventTable events) throws IOException {
        for (int e = 0; e < events.size(); e++) {
            if (events.isInterval(e) && events.call(e) >= 0) {
                continue; // written as its call
            }
            long tid = threadId(events.thread(e));
            Integer flow = flowIds.get(e);
            if (flow != null && events.kind(e) == EventKind.SEND_MSG) {
                flow(g, "s", flow, tid, events.start(e), e);
                continue;
            }
            g.writeStartObject();
            g.writeStringField("ph", "i");
            g.writeStringField("s", "t");
            String name = events.name(e);
            g.writeStringField("name", name == null ? events.kindName(e) : events.kindName(e) + ":" + name);
            g.writeStringField("cat", "event");
            g.writeNumberField("pid", pidOf(tid));
            g.writeNumberField("tid", tid);
            g.writeFieldName("ts");
            g.writeNumber(ChromeTimes.nsToMicros(events.start(e)));
            g.writeObjectFieldStart("args");
            eventArgs(g, events, e);
            g.writeEndObject();
            g.writeEndObject();
            if (flow != null) {
                flow(g, "f", flow, tid, events.start(e), e);
            }
        }
    }

    /** A flow event carrying event {@code e}'s fields in {@code args}, so a re-import restores them. */
    private void flow(JsonGenerator g, String ph, int id, long tid, long ts, int e) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", ph);
        g.writeStringField("name", "hand-off");
        g.writeStringField("cat", "handoff");
        g.writeNumberField("id", id);
        if ("f".equals(ph)) {
            g.writeStringField("bp", "e");
        }
        g.writeNumberField("pid", pidOf(tid));
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(ChromeTimes.nsToMicros(ts));
        g.writeObjectFieldStart("args");
        eventArgs(g, trace.events(), e);
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void eventArgs(JsonGenerator g, EventTable ev, int e) throws IOException {
        g.writeStringField("kind", ev.kindName(e));
        writeIfSet(g, "identity", ev.identity(e));
        writeIfSet(g, "name", ev.name(e));
        writeIfSet(g, "via", ev.via(e));
        writeIfSet(g, "detail", ev.detail(e));
        if (ev.bytes(e) >= 0) {
            g.writeNumberField("bytes", ev.bytes(e));
        }
        if (ev.targetTid(e) >= 0) {
            g.writeNumberField("target_tid", ev.targetTid(e));
        }
        if (ev.delayNs(e) != 0) {
            g.writeNumberField("delay_ns", ev.delayNs(e));
        }
    }

    private static void writeIfSet(JsonGenerator g, String field, String value) throws IOException {
        if (value != null) {
            g.writeStringField(field, value);
        }
    }

    private long threadId(int index) {
        return index >= 0 && index < trace.threads().size() ? trace.threads().get(index).id() : 0;
    }
}
