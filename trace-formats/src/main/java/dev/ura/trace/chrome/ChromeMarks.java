package dev.ura.trace.chrome;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns instants, flow events and event-carrying slices into the {@link EventTable}, once the
 * calls are built (flow ends bind to calls).
 */
final class ChromeMarks {
    /** What a mark came from. */
    enum Type { INTERVAL, INSTANT, FLOW_START, FLOW_STEP, FLOW_END }

    /** One event-to-be; {@code slice} is set for intervals only. */
    record Mark(Type type, int thread, int slice, long ts, String kind, String identity, String name, String via,
                String detail, long bytes, long targetTid, long delayNs, boolean enclosing, long line) {
    }

    private ChromeMarks() {
    }

    static Mark interval(ChromeEvent e, int thread, int slice) {
        return new Mark(Type.INTERVAL, thread, slice, e.tsNs, e.argKind, e.argIdentity, e.argName, e.argVia,
                e.argDetail, e.argBytes, e.argTargetTid, e.argDelayNs, true, e.line);
    }

    static Mark instant(ChromeEvent e, int thread) {
        Type type = switch (e.ph) {
            case 's' -> Type.FLOW_START;
            case 't' -> Type.FLOW_STEP;
            case 'f' -> Type.FLOW_END;
            default -> Type.INSTANT;
        };
        String identity = e.argIdentity != null ? e.argIdentity : type == Type.INSTANT ? null : e.id;
        String name = type == Type.INSTANT && e.argKind == null ? e.name : e.argName;
        String via = e.argVia != null ? e.argVia : type == Type.INSTANT ? null : e.cat;
        return new Mark(type, thread, -1, e.tsNs, e.argKind, identity, name, via, e.argDetail, e.argBytes,
                e.argTargetTid, e.argDelayNs, "e".equals(e.bp), e.line);
    }

    /** The events, sorted by start time. */
    static EventTable events(List<Mark> marks, List<ThreadSlices> threads, List<CallTable> tables) {
        List<long[]> rows = new ArrayList<>();
        List<Mark> rowMark = new ArrayList<>();
        Set<Long> dispatched = new HashSet<>();
        Set<String> dispatchedIds = new HashSet<>();
        for (Mark m : marks) {
            if ((m.type() == Type.INTERVAL || m.type() == Type.INSTANT) && EventKind.parse(m.kind()) == EventKind.DISPATCH_MSG
                    && m.identity() != null) {
                dispatchedIds.add(m.identity()); // ura's own export: the flow end repeats this event
            }
            if (m.type() == Type.INTERVAL) {
                int call = threads.get(m.thread()).callOf(m.slice());
                CallTable t = tables.get(m.thread());
                add(rows, rowMark, m, EventKind.parse(m.kind()), t.start(call), t.end(call), call, 1);
                if (EventKind.parse(m.kind()) == EventKind.DISPATCH_MSG) {
                    dispatched.add(key(m.thread(), call));
                }
            }
        }
        for (Mark m : marks) {
            CallTable t = tables.get(m.thread());
            switch (m.type()) {
                case INSTANT -> {
                    EventKind k = m.kind() == null ? EventKind.UNKNOWN : EventKind.parse(m.kind());
                    add(rows, rowMark, m, k, m.ts(), m.ts(), enclosing(t, m.ts()), 0);
                }
                case FLOW_START -> add(rows, rowMark, m, EventKind.SEND_MSG, m.ts(), m.ts(), enclosing(t, m.ts()), 0);
                case FLOW_STEP -> {
                    if (!dispatchedIds.contains(m.identity())) {
                        dispatch(rows, rowMark, dispatched, m, t, enclosing(t, m.ts()));
                    }
                    add(rows, rowMark, m, EventKind.SEND_MSG, m.ts(), m.ts(), enclosing(t, m.ts()), 0);
                }
                case FLOW_END -> {
                    if (dispatchedIds.contains(m.identity())) {
                        continue;
                    }
                    int call = m.enclosing() ? enclosing(t, m.ts()) : next(t, m.ts());
                    dispatch(rows, rowMark, dispatched, m, t, call >= 0 ? call : enclosing(t, m.ts()));
                }
                default -> { }
            }
        }
        Integer[] order = new Integer[rows.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingLong(i -> rows.get(i)[1]));
        EventTable.Builder b = new EventTable.Builder();
        for (int i : order) {
            long[] r = rows.get(i);
            Mark m = rowMark.get(i);
            EventKind k = EventKind.values()[(int) r[0]];
            int e = b.add(k, m.thread(), r[1], r[2], r[4] == 1);
            b.setIdentity(e, m.identity()).setName(e, m.name()).setVia(e, m.via()).setDetail(e, m.detail())
                    .setBytes(e, m.bytes()).setTargetTid(e, m.targetTid()).setDelayNs(e, m.delayNs())
                    .setCall(e, (int) r[3]).setLine(e, (int) Math.min(Integer.MAX_VALUE, m.line()));
            if (k == EventKind.UNKNOWN) {
                b.setKindName(e, m.kind() != null ? m.kind() : "INSTANT");
            }
        }
        return b.build();
    }

    private static void dispatch(List<long[]> rows, List<Mark> rowMark, Set<Long> dispatched, Mark m, CallTable t,
                                 int call) {
        if (call < 0) {
            add(rows, rowMark, m, EventKind.DISPATCH_MSG, m.ts(), m.ts(), -1, 0);
        } else if (dispatched.add(key(m.thread(), call))) {
            add(rows, rowMark, m, EventKind.DISPATCH_MSG, t.start(call), t.end(call), call, 1);
        }
    }

    private static void add(List<long[]> rows, List<Mark> rowMark, Mark m, EventKind k, long start, long end,
                            int call, int interval) {
        rows.add(new long[] {k.ordinal(), start, end, call, interval});
        rowMark.add(m);
    }

    private static long key(int thread, int call) {
        return ((long) thread << 32) | (call & 0xFFFF_FFFFL);
    }

    /** The innermost call that contains {@code ts}, or -1. Calls are in pre-order with sorted starts. */
    static int enclosing(CallTable t, long ts) {
        int i = lastStartingAtOrBefore(t, ts);
        while (i >= 0 && t.end(i) < ts) {
            i = t.parent(i);
        }
        return i;
    }

    /** The first call starting at or after {@code ts}, or -1. */
    static int next(CallTable t, long ts) {
        int i = lastStartingAtOrBefore(t, ts - 1) + 1;
        return i < t.size() ? i : -1;
    }

    private static int lastStartingAtOrBefore(CallTable t, long ts) {
        int lo = 0;
        int hi = t.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (t.start(mid) <= ts) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
