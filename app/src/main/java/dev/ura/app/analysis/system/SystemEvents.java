package dev.ura.app.analysis.system;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.TrackedStretch.Cause;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The small event table a system trace's responses are shown with, so that the consumers written
 * for method traces and agent logs (the CLI's report, the window's response panel, link arrows)
 * work unchanged: a trigger event per response, a {@code DRAW_FRAME} per requested frame, and a
 * {@code SEND_MSG} → {@code DISPATCH_MSG} pair, linked, for each hand-off that opened a stretch.
 * Events are collected under keys (one event per hand-off or frame, however many responses share
 * it), then numbered in start order.
 */
final class SystemEvents {
    private record Spec(EventKind kind, int thread, long startNs, long endNs, boolean interval, String name,
                        int call, String via, long targetTid, int order) {
    }

    private final Trace trace;
    private final List<Spec> specs = new ArrayList<>();
    private final Map<String, Integer> byKey = new HashMap<>();
    private final List<int[]> linkSpecs = new ArrayList<>();
    private final List<LinkKind> linkKinds = new ArrayList<>();
    private int[] index;

    SystemEvents(Trace trace) {
        this.trace = trace;
    }

    /** The trigger event of a response (its own key: two responses never share a trigger). */
    int trigger(int response, boolean launch, int thread, long startNs, long endNs, String name, int call) {
        return add("trigger " + response, launch ? EventKind.START_ACTIVITY : EventKind.USER_INPUT, thread, startNs,
                endNs, true, name, call, null, -1);
    }

    /** The draw of frame {@code frame} (index in the trace's frames). */
    int draw(int frame, int thread, long startNs, long endNs, String name, int call) {
        return add("frame " + frame, EventKind.DRAW_FRAME, thread, startNs, endNs, true, name, call, null, -1);
    }

    /** The end of a response set by hand: an instant draw at {@code ns} on {@code thread}. */
    int end(int thread, long ns) {
        return add("end set by hand", EventKind.DRAW, thread, ns, ns, false, "end set by hand", -1, null, -1);
    }

    /**
     * The hand-off {@code ref} of kind {@code cause} from {@code fromThread} at {@code sentNs} to
     * {@code toThread} at {@code receivedNs}: a linked send/dispatch pair; returns {send, dispatch}.
     */
    int[] handoff(Cause cause, int ref, int fromThread, long sentNs, int toThread, long receivedNs) {
        String key = cause + " " + ref;
        Integer known = byKey.get(key + " send");
        if (known != null) {
            return new int[] {known, byKey.get(key + " dispatch")};
        }
        String via = cause.name().toLowerCase(java.util.Locale.ROOT);
        long tid = trace.system().threads().get(toThread).tid();
        int send = add(key + " send", EventKind.SEND_MSG, fromThread, sentNs, sentNs, false, via, -1, via, tid);
        int dispatch = add(key + " dispatch", EventKind.DISPATCH_MSG, toThread, receivedNs, receivedNs, false, via, -1,
                via, -1);
        linkSpecs.add(new int[] {send, dispatch});
        linkKinds.add(cause == Cause.BINDER ? LinkKind.BINDER : cause == Cause.FLOW ? LinkKind.FLOW : LinkKind.WAKEUP);
        return new int[] {send, dispatch};
    }

    private int add(String key, EventKind kind, int thread, long startNs, long endNs, boolean interval, String name,
                    int call, String via, long targetTid) {
        Integer known = byKey.get(key);
        if (known != null) {
            return known;
        }
        int id = specs.size();
        specs.add(new Spec(kind, thread, startNs, endNs, interval, name, call, via, targetTid, id));
        byKey.put(key, id);
        return id;
    }

    /** Builds the table in start order; {@link #indexOf} then maps what the adders returned. */
    EventTable build() {
        List<Spec> sorted = new ArrayList<>(specs);
        sorted.sort(Comparator.comparingLong(Spec::startNs).thenComparingInt(Spec::order));
        index = new int[specs.size()];
        EventTable.Builder b = new EventTable.Builder(specs.size());
        for (Spec s : sorted) {
            int i = b.add(s.kind(), s.thread(), s.startNs(), s.endNs(), s.interval());
            b.setName(i, s.name());
            if (s.call() >= 0) {
                b.setCall(i, s.call());
            }
            if (s.via() != null) {
                b.setVia(i, s.via());
            }
            if (s.targetTid() >= 0) {
                b.setTargetTid(i, s.targetTid());
            }
            index[s.order()] = i;
        }
        return b.build();
    }

    /** The table index of what an adder returned (after {@link #build}). */
    int indexOf(int added) {
        return index[added];
    }

    /** Every hand-off link, by send time (after {@link #build}). */
    List<Link> links() {
        List<Link> out = new ArrayList<>(linkSpecs.size());
        for (int k = 0; k < linkSpecs.size(); k++) {
            out.add(new Link(indexOf(linkSpecs.get(k)[0]), indexOf(linkSpecs.get(k)[1]), linkKinds.get(k)));
        }
        out.sort(Comparator.comparingInt(Link::sendEvent));
        return out;
    }
}
