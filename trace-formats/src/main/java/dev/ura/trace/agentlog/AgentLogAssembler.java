package dev.ura.trace.agentlog;

import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns decoded agent-log lines into the trace model: threads in first-seen order, every event in
 * the {@link EventTable} in file order, and intervals ({@code ph} B/E) as calls of their thread,
 * named {@code KIND} or {@code KIND:name} ({@code METHOD} intervals by their own class and method).
 *
 * <p>The spec lets a thread's lines come in any time order. Read as a stream, a log is assumed to
 * be in order; a line earlier than its thread's previous one only marks the log as out of order
 * ({@link #outOfOrderLines()}), and the reader reads it again with an assembler made by
 * {@link #sorting}, which keeps the event lines and replays them sorted by {@code ts} (stable:
 * equal times keep file order), with one warning. Timestamps are never moved.
 *
 * <p>Repairs, each a warning: an {@code E} closes the innermost open interval of its kind and any
 * interval opened inside that one; an unmatched {@code E} is dropped; intervals still open at the
 * end are closed at their thread's last time. Events lacking a field their kind needs are kept
 * and reported per kind ({@link FieldGaps}).
 */
final class AgentLogAssembler {
    /** Intervals open at once on one thread beyond this are not agent behaviour; they are dropped. */
    static final int MAX_OPEN = 4096;
    private static final EventKind[] KINDS = EventKind.values();

    private final StringPool pool;
    private final Warnings warnings;
    private final EventTable.Builder events;
    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final LongIntMap methodByKey = new LongIntMap();
    private final LongIntMap threadByTid = new LongIntMap();
    private final List<ThreadState> threads = new ArrayList<>();
    private final Map<Long, String> threadNames = new LinkedHashMap<>();
    private final Map<Long, Boolean> mainThreads = new LinkedHashMap<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    /** Pool id to {@link EventKind} ordinal + 1 (0 = not looked up yet). */
    private byte[] kindByPoolId = new byte[64];
    private final FieldGaps gaps = new FieldGaps();
    /** Set when replaying a log whose threads are out of time order; null when streaming. */
    private final EventLineBuffer sortBuffer;
    private long outOfOrder;
    private int firstOutOfOrderLine = -1;
    private String firstOutOfOrder;
    private ThreadState lastThread;
    private int version = 1;
    private boolean sawVersion;
    private long pid = -1;
    private long records;

    /**
     * @param events the table to fill, the one {@code pool} mirrors its strings into
     */
    AgentLogAssembler(StringPool pool, EventTable.Builder events, Warnings warnings) {
        this(pool, events, warnings, null);
    }

    private AgentLogAssembler(StringPool pool, EventTable.Builder events, Warnings warnings, EventLineBuffer buffer) {
        this.pool = pool;
        this.events = events;
        this.warnings = warnings;
        this.sortBuffer = buffer;
    }

    /**
     * An assembler that keeps every event line and builds the trace from them sorted by time
     * (for a log whose first reading found {@code outOfOrder} lines, the first at {@code line}).
     */
    static AgentLogAssembler sorting(StringPool pool, EventTable.Builder events, Warnings warnings,
                                     AgentLogAssembler firstReading) {
        AgentLogAssembler a = new AgentLogAssembler(pool, events, warnings, new EventLineBuffer());
        a.outOfOrder = firstReading.outOfOrder;
        a.firstOutOfOrderLine = firstReading.firstOutOfOrderLine;
        a.firstOutOfOrder = firstReading.firstOutOfOrder;
        return a;
    }

    /** How many event lines were earlier than their thread's previous line (0: the log is in order). */
    long outOfOrderLines() {
        return outOfOrder;
    }

    /** Adds one decoded line. */
    void accept(EventFields f, int line) {
        if (f.kind < 0) {
            warnings.badLine(line, "no \"kind\"");
            return;
        }
        if (pid < 0 && f.prefixPid >= 0) {
            pid = f.prefixPid;
        }
        EventKind kind = kindOf(f.kind);
        if (kind == EventKind.META) {
            meta(f, line);
            return;
        }
        long tid = f.hasTid ? f.tid : f.prefixTid;
        if (!f.hasTid && tid < 0) {
            warnings.badLine(line, "no \"tid\"");
            return;
        }
        if (kind == EventKind.THREAD) {
            if (f.name >= 0) {
                threadNames.put(tid, pool.get(f.name));
            }
            if (f.main) {
                mainThreads.put(tid, Boolean.TRUE);
            }
            return;
        }
        if (!f.hasTs) {
            warnings.badLine(line, "no \"ts\"");
            return;
        }
        if (f.ph != 'E') {
            gaps.check(kind, f, line);
        }
        if (sortBuffer != null) {
            thread(tid);
            sortBuffer.add(f, tid, line);
            return;
        }
        event(kind, f, thread(tid), line);
    }

    private void event(EventKind kind, EventFields f, ThreadState t, int line) {
        long ts = f.ts;
        if (ts < t.lastTs) {
            // Only on a streaming first reading: the reader then reads the log again, sorted.
            if (outOfOrder++ == 0) {
                firstOutOfOrderLine = line;
                firstOutOfOrder = "thread " + t.tid + "'s time " + ts + " is before its previous event's " + t.lastTs;
            }
            ts = t.lastTs;
        }
        t.lastTs = ts;
        t.records++;
        records++;
        if (f.ph == 'E') {
            end(t, f, ts, line);
        } else if (f.ph == 'B') {
            begin(kind, t, f, ts, line);
        } else {
            int ev = events.add(kind, t.index, ts, ts, false);
            describe(ev, kind, f, line);
            events.setCall(ev, t.innermostCall());
        }
    }

    private void begin(EventKind kind, ThreadState t, EventFields f, long ts, int line) {
        if (t.depth() >= MAX_OPEN) {
            warnings.badLine(line, "more than " + MAX_OPEN + " intervals open on thread " + t.tid);
            return;
        }
        int ev = events.add(kind, t.index, ts, ts, true);
        describe(ev, kind, f, line);
        int call = t.calls(ts).open(method(kind, f), t.depth(), ts, 0);
        events.setCall(ev, call);
        t.push(call, ev, f.kind, line);
    }

    private void end(ThreadState t, EventFields f, long ts, int line) {
        int at = t.findOpen(f.kind);
        if (at < 0) {
            warnings.atLine(line, "\"E\" of " + pool.get(f.kind) + " on thread " + t.tid
                    + " has no open \"B\"; dropped");
            return;
        }
        while (t.depth() > at + 1) {
            warnings.atLine(t.topLine(), pool.get(t.topKind()) + " still open when the \"E\" at line " + line
                    + " closed an enclosing " + pool.get(f.kind) + "; closed there");
            close(t, ts);
        }
        int ev = t.topEvent();
        if (f.bytes >= 0) {
            events.setBytes(ev, f.bytes);
        }
        if (f.detail >= 0) {
            events.setDetailId(ev, tableId(f.detail));
        }
        close(t, ts);
    }

    private void close(ThreadState t, long ts) {
        t.calls(ts).close(t.topCall(), ts, 0);
        events.setEnd(t.topEvent(), ts);
        t.pop();
    }

    private void describe(int ev, EventKind kind, EventFields f, int line) {
        events.setLine(ev, line);
        if (kind == EventKind.UNKNOWN) {
            events.setKindName(ev, pool.get(f.kind));
        }
        if (f.identity >= 0) {
            events.setIdentityId(ev, tableId(f.identity));
        }
        if (f.name >= 0) {
            events.setNameId(ev, tableId(f.name));
        }
        if (f.via >= 0) {
            events.setViaId(ev, tableId(f.via));
        }
        if (f.detail >= 0) {
            events.setDetailId(ev, tableId(f.detail));
        }
        if (f.bytes >= 0) {
            events.setBytes(ev, f.bytes);
        }
        if (f.targetTid >= 0) {
            events.setTargetTid(ev, f.targetTid);
        }
        if (f.delayNs > 0) {
            events.setDelayNs(ev, f.delayNs);
        }
    }

    /** The method an interval's call names: {@code KIND}, {@code KIND:name}, or a METHOD's own. */
    private int method(EventKind kind, EventFields f) {
        long key = (long) f.kind << 32 | (f.name + 1L);
        int index = methodByKey.get(key);
        if (index >= 0) {
            return index;
        }
        String kindName = pool.get(f.kind);
        String name = f.name < 0 ? null : pool.get(f.name);
        MethodInfo info;
        int dot = name == null ? -1 : name.lastIndexOf('.');
        if (kind == EventKind.METHOD && dot > 0 && dot < name.length() - 1) {
            info = new MethodInfo(methods.size(), name.substring(0, dot), name.substring(dot + 1), null, null, -1);
        } else if (kind == EventKind.METHOD && name != null) {
            info = new MethodInfo(methods.size(), "", name, null, null, -1);
        } else {
            info = new MethodInfo(methods.size(), "", name == null ? kindName : kindName + ":" + name, null, null, -1);
        }
        index = methods.define(info);
        methodByKey.put(key, index);
        return index;
    }

    private ThreadState thread(long tid) {
        ThreadState t = lastThread;
        if (t != null && t.tid == tid) {
            return t;
        }
        int index = threadByTid.get(tid);
        if (index < 0) {
            index = threads.size();
            threads.add(new ThreadState(index, tid));
            threadByTid.put(tid, index);
        }
        t = threads.get(index);
        lastThread = t;
        return t;
    }

    private void meta(EventFields f, int line) {
        for (int i = 0; i < f.extras; i++) {
            String key = f.extraNames[i];
            String value = f.extraValue(i);
            properties.put(key, value);
            if (key.equals("version") && !sawVersion) {
                sawVersion = true;
                version = parseVersion(value, line);
            }
        }
    }

    private int parseVersion(String value, int line) {
        try {
            int v = Integer.parseInt(value);
            if (v > 1) {
                warnings.atLine(line, "agent-log version " + v + " is newer than 1; read as version 1");
            }
            return v;
        } catch (NumberFormatException e) {
            warnings.atLine(line, "META version \"" + Warnings.shorten(value) + "\" is not a number; read as 1");
            return 1;
        }
    }

    /** The event table's id of a pool string: the same number (see {@link StringPool}). */
    private static int tableId(int poolId) {
        return poolId;
    }

    private EventKind kindOf(int poolId) {
        if (poolId >= kindByPoolId.length) {
            kindByPoolId = Arrays.copyOf(kindByPoolId, Math.max(poolId + 1, kindByPoolId.length * 2));
        }
        int k = kindByPoolId[poolId];
        if (k == 0) {
            k = EventKind.parse(pool.get(poolId)).ordinal() + 1;
            kindByPoolId[poolId] = (byte) k;
        }
        return KINDS[k - 1];
    }

    /** Number of events (instants and intervals) collected so far (kept lines, when sorting). */
    int eventCount() {
        return sortBuffer != null ? sortBuffer.size() : events.size();
    }

    private void replaySorted() {
        warnings.atLine(firstOutOfOrderLine, firstOutOfOrder + "; " + outOfOrder + (outOfOrder == 1 ? " line" : " lines")
                + " out of time order within a thread: every thread's lines were sorted by ts (equal times"
                + " keep file order; no time was changed)");
        EventFields f = new EventFields();
        for (int i : sortBuffer.sortedOrder()) {
            long tid = sortBuffer.load(i, f);
            event(kindOf(f.kind), f, thread(tid), sortBuffer.line(i));
        }
    }

    /** Closes what is still open and builds the trace. */
    Trace build(String source, String variant, Map<String, String> extraProperties) {
        if (sortBuffer != null) {
            replaySorted();
        }
        gaps.report(warnings);
        List<ThreadTrack> tracks = new ArrayList<>(threads.size());
        boolean anyMain = !mainThreads.isEmpty();
        for (ThreadState t : threads) {
            while (t.depth() > 0) {
                warnings.atLine(t.topLine(), pool.get(t.topKind()) + " on thread " + t.tid
                        + " never ends; closed at the thread's last event");
                close(t, t.lastTs);
            }
            String name = threadNames.getOrDefault(t.tid, ThreadTrack.unnamed(t.tid));
            // Without a THREAD line marking it, Linux's main thread is the one whose tid is the pid.
            boolean main = anyMain ? mainThreads.containsKey(t.tid) : pid >= 0 && t.tid == pid;
            tracks.add(new ThreadTrack(t.tid, name, main, t.records, t.build()));
        }
        Map<String, String> props = new LinkedHashMap<>(properties);
        props.putAll(extraProperties);
        TraceMetadata metadata = new TraceMetadata("agent-log", variant, version, null, null, pid, -1, props);
        return new Trace(source, metadata, methods.build(), tracks, events.build(), List.of(), records,
                warnings.toList());
    }
}
