package dev.ura.app.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tiny traces built in code: method traces ("thread main: enter X at t, exit at t") and agent
 * logs (JSON lines as in agent-log-v1.md, intervals also becoming calls named {@code KIND:name}).
 */
public final class TraceFixtures {
    public static final String AGENT_LOG_HEADER = """
            {"kind":"META","version":1,"app":"com.example.news"}
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"kind":"THREAD","tid":12,"name":"AsyncTask #1"}
            """;

    /** The example of agent-log-v1.md, verbatim. */
    public static final String AGENT_LOG_EXAMPLE = AGENT_LOG_HEADER + """
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick","view":3}
            {"ts":1200000,"tid":1,"kind":"SEND_MSG","obj":"task@51","via":"asynctask","target_tid":12}
            {"ts":1300000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":1400000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"task@51","name":"doInBackground"}
            {"ts":1500000,"tid":12,"kind":"RECV","ph":"B","bytes":48213,"host":"api.example.com"}
            {"ts":91500000,"tid":12,"kind":"RECV","ph":"E"}
            {"ts":91600000,"tid":12,"kind":"SEND_MSG","obj":"msg@77","via":"handler","target_tid":1}
            {"ts":91700000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":92000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"msg@77","name":"onPostExecute"}
            {"ts":92100000,"tid":1,"kind":"INVALIDATE","view":9}
            {"ts":92300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":99000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
            {"ts":104000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    private TraceFixtures() {
    }

    /** Milliseconds to nanoseconds. */
    public static long ms(double millis) {
        return Math.round(millis * 1_000_000d);
    }

    /** A method trace builder. */
    public static MethodTrace methodTrace() {
        return new MethodTrace();
    }

    /** A method trace being written thread by thread. */
    public static final class MethodTrace {
        private final MethodTable.Builder methods = new MethodTable.Builder();
        private final Map<String, Integer> methodIndex = new HashMap<>();
        private final List<ThreadWriter> threads = new ArrayList<>();

        /** Starts (or continues) a thread; the thread named {@code main} is the main thread. */
        public ThreadWriter thread(String name) {
            for (ThreadWriter t : threads) {
                if (t.name.equals(name)) {
                    return t;
                }
            }
            ThreadWriter t = new ThreadWriter(this, name, 100 + threads.size());
            threads.add(t);
            return t;
        }

        int method(String fullName) {
            return methodIndex.computeIfAbsent(fullName, n -> {
                int dot = n.lastIndexOf('.');
                String cls = dot < 0 ? "" : n.substring(0, dot);
                return methods.define(new MethodInfo(methodIndex.size() + 1, cls, n.substring(dot + 1), "()V", null, -1));
            });
        }

        public Trace build() {
            List<ThreadTrack> tracks = new ArrayList<>();
            long records = 0;
            for (ThreadWriter t : threads) {
                if (!t.open.isEmpty()) {
                    throw new IllegalStateException("thread " + t.name + " has open calls");
                }
                tracks.add(new ThreadTrack(t.id, t.name, t.name.equals("main"), t.records, t.calls.build()));
                records += t.records;
            }
            TraceMetadata meta = new TraceMetadata("android-trace", "legacy", 3, Clock.WALL, "art", 1, 0, Map.of());
            return new Trace("test.trace", meta, methods.build(), tracks, EventTable.empty(), List.of(), records,
                    List.of());
        }
    }

    /** One thread of a method trace: calls in the order the thread made them. */
    public static final class ThreadWriter {
        private final MethodTrace trace;
        private final String name;
        private final long id;
        private final CallTable.Builder calls = new CallTable.Builder(0, 1, false, 16);
        private final ArrayDeque<Integer> open = new ArrayDeque<>();
        private long records;

        ThreadWriter(MethodTrace trace, String name, long id) {
            this.trace = trace;
            this.name = name;
            this.id = id;
        }

        /** Enters {@code fullName} ({@code pkg.Class.method}) at {@code atNs}. */
        public ThreadWriter enter(String fullName, long atNs) {
            open.push(calls.open(trace.method(fullName), open.size(), atNs, 0));
            records++;
            return this;
        }

        /** Exits the innermost open call at {@code atNs}. */
        public ThreadWriter exit(long atNs) {
            calls.close(open.pop(), atNs, 0);
            records++;
            return this;
        }

        /** A call with no callees from {@code startNs} to {@code endNs}. */
        public ThreadWriter call(String fullName, long startNs, long endNs) {
            return enter(fullName, startNs).exit(endNs);
        }

        /** Another thread of the same trace. */
        public ThreadWriter thread(String other) {
            return trace.thread(other);
        }
    }

    /** An agent log from JSON lines (the v1 fields this analysis uses). */
    public static Trace agentLog(String jsonLines) {
        ObjectMapper mapper = new ObjectMapper();
        Map<Long, String> names = new LinkedHashMap<>();
        Map<Long, Boolean> mains = new HashMap<>();
        List<Long> tids = new ArrayList<>();
        EventTable.Builder events = new EventTable.Builder();
        Map<Long, List<int[]>> openByThread = new HashMap<>();
        int lineNo = 0;
        for (String line : jsonLines.split("\n")) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode n;
            try {
                n = mapper.readTree(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String kindText = n.path("kind").asText();
            long tid = n.path("tid").asLong(-1);
            if (tid >= 0 && !tids.contains(tid)) {
                tids.add(tid);
            }
            if (kindText.equals("META")) {
                continue;
            }
            if (kindText.equals("THREAD")) {
                names.put(tid, n.path("name").asText());
                mains.put(tid, n.path("main").asBoolean(false));
                continue;
            }
            EventKind kind = EventKind.parse(kindText);
            long ts = n.path("ts").asLong();
            int thread = tids.indexOf(tid);
            String ph = n.path("ph").asText("");
            List<int[]> open = openByThread.computeIfAbsent(tid, k -> new ArrayList<>());
            if (ph.equals("E")) {
                for (int k = open.size() - 1; k >= 0; k--) {
                    if (events.kind(open.get(k)[0]) == kind) {
                        events.setEnd(open.get(k)[0], ts);
                        open.remove(k);
                        break;
                    }
                }
                continue;
            }
            int e = events.add(kind, thread, ts, ts, ph.equals("B"));
            events.setLine(e, lineNo);
            if (ph.equals("B")) {
                open.add(new int[] {e});
            }
            for (String idField : List.of("obj", "view", "page", "surface")) {
                if (n.has(idField)) {
                    events.setIdentity(e, n.get(idField).asText());
                }
            }
            if (n.has("name")) {
                events.setName(e, n.get("name").asText());
            }
            if (n.has("via")) {
                events.setVia(e, n.get("via").asText());
            }
            if (n.has("target_tid")) {
                events.setTargetTid(e, n.get("target_tid").asLong());
            }
            if (n.has("bytes")) {
                events.setBytes(e, n.get("bytes").asLong());
            }
        }
        EventTable table = events.build();
        return new AgentLogAssembler(table, tids, names, mains).trace();
    }

    /** Turns the intervals of an event table into calls per thread and assembles the trace. */
    private record AgentLogAssembler(EventTable table, List<Long> tids, Map<Long, String> names,
                                     Map<Long, Boolean> mains) {
        Trace trace() {
            MethodTable.Builder methods = new MethodTable.Builder();
            Map<String, Integer> methodIndex = new HashMap<>();
            EventTable.Builder rebuilt = copy();
            List<ThreadTrack> tracks = new ArrayList<>();
            for (int t = 0; t < tids.size(); t++) {
                List<Integer> intervals = new ArrayList<>();
                for (int e = 0; e < table.size(); e++) {
                    if (table.thread(e) == t && table.isInterval(e)) {
                        intervals.add(e);
                    }
                }
                intervals.sort(Comparator.comparingLong(table::start).thenComparing(e -> -table.end(e)));
                CallTable.Builder calls = new CallTable.Builder(0, 1, false, intervals.size());
                ArrayDeque<Integer> stack = new ArrayDeque<>();
                for (int e : intervals) {
                    while (!stack.isEmpty() && !(table.end(stack.peek()) >= table.end(e))) {
                        stack.pop();
                    }
                    String name = table.name(e) == null ? table.kindName(e) : table.kindName(e) + ":" + table.name(e);
                    int m = methodIndex.computeIfAbsent(name,
                            k -> methods.define(new MethodInfo(methodIndex.size() + 1, "", k, null, null, -1)));
                    int c = calls.open(m, stack.size(), table.start(e), 0);
                    calls.close(c, table.end(e), 0);
                    rebuilt.setCall(e, c);
                    stack.push(e);
                }
                long tid = tids.get(t);
                tracks.add(new ThreadTrack(tid, names.getOrDefault(tid, ThreadTrack.unnamed(tid)),
                        mains.getOrDefault(tid, false), 0, calls.build()));
            }
            TraceMetadata meta = new TraceMetadata("agent-log", "jsonl", 1, Clock.WALL, null, -1, 0, Map.of());
            return new Trace("test.jsonl", meta, methods.build(), tracks, rebuilt.build(), List.of(), table.size(),
                    List.of());
        }

        private EventTable.Builder copy() {
            EventTable.Builder b = new EventTable.Builder();
            for (int e = 0; e < table.size(); e++) {
                int i = b.add(table.kind(e), table.thread(e), table.start(e), table.end(e), table.isInterval(e));
                b.setIdentity(i, table.identity(e)).setName(i, table.name(e)).setVia(i, table.via(e))
                        .setTargetTid(i, table.targetTid(e)).setBytes(i, table.bytes(e)).setLine(i, table.line(e));
            }
            return b;
        }
    }
}
