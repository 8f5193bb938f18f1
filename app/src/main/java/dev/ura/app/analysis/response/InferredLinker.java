package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Links hand-offs of a method trace, where no identities exist (android-method-rules.md): each
 * send, in time order, takes a not-yet-linked dispatch of the same {@code via} on another thread
 * that starts at or after it — the earliest one that runs a method of an app class the sending
 * work constructed or ran before the send ({@link LinkKind#AFFINITY}), else the earliest one
 * ({@link LinkKind#FIFO}). Affinity links are made for all sends before any fifo link, so that a
 * timing guess never takes a dispatch that names its sender. Frame dispatches are never events,
 * so they are never candidates.
 */
final class InferredLinker {
    /** Candidates looked at per send when searching for affinity; bounds the cost on huge traces. */
    private static final int MAX_CANDIDATES = 4096;

    private final Trace trace;
    private final EventTable events;
    private final WorkUnits units;
    private final int[] appClass;
    private final int appClassCount;
    private final Map<Long, SenderState> senders = new HashMap<>();
    private final int[][] dispatchClasses;

    InferredLinker(Trace trace, EventTable events, WorkUnits units, MethodRules rules) {
        this.trace = trace;
        this.events = events;
        this.units = units;
        MethodTable methods = trace.methods();
        appClass = new int[methods.size()];
        Map<String, Integer> ids = new HashMap<>();
        for (int m = 0; m < methods.size(); m++) {
            MethodInfo mi = methods.get(m);
            appClass[m] = rules.isAppClass(mi.className())
                    ? ids.computeIfAbsent(mi.className(), k -> ids.size()) : -1;
        }
        appClassCount = ids.size();
        dispatchClasses = new int[events.size()][];
    }

    List<Link> link(BitSet fixedSends, BitSet fixedDispatches) {
        int[] order = EventOrder.byStart(events);
        Map<String, int[]> candidates = dispatchesByVia(order);
        BitSet linked = (BitSet) fixedDispatches.clone();
        BitSet done = (BitSet) fixedSends.clone();
        List<Link> links = new ArrayList<>();
        // Affinity first for every send, then fifo for the rest: a send whose own dispatch is not
        // in the trace (cancelled, after the end) must not take by timing alone the dispatch that
        // a later send demonstrably caused.
        for (boolean affinity : new boolean[] {true, false}) {
            for (int s : order) {
                if (events.kind(s) != EventKind.SEND_MSG || done.get(s) || events.call(s) < 0) {
                    continue;
                }
                int[] list = candidates.get(events.via(s));
                Link link = list == null ? null : choose(s, list, linked, affinity);
                if (link != null) {
                    linked.set(link.dispatchEvent());
                    done.set(s);
                    links.add(link);
                }
            }
        }
        return links;
    }

    private Link choose(int send, int[] list, BitSet linked, boolean affinity) {
        long t = events.start(send);
        int looked = 0;
        for (int k = lowerBound(list, t); k < list.length && looked < MAX_CANDIDATES; k++) {
            int d = list[k];
            if (linked.get(d) || events.thread(d) == events.thread(send)) {
                continue;
            }
            if (!affinity) {
                return new Link(send, d, LinkKind.FIFO);
            }
            looked++;
            if (intersects(classesOf(d), senderClasses(send))) {
                return new Link(send, d, LinkKind.AFFINITY);
            }
        }
        return null;
    }

    private Map<String, int[]> dispatchesByVia(int[] order) {
        Map<String, List<Integer>> lists = new HashMap<>();
        for (int e : order) {
            if (events.kind(e) == EventKind.DISPATCH_MSG && events.call(e) >= 0) {
                lists.computeIfAbsent(String.valueOf(events.via(e)), k -> new ArrayList<>()).add(e);
            }
        }
        Map<String, int[]> out = new HashMap<>();
        lists.forEach((via, l) -> out.put(via, l.stream().mapToInt(Integer::intValue).toArray()));
        return out;
    }

    private int lowerBound(int[] list, long t) {
        return EventOrder.lowerBound(events, list, t);
    }

    private static boolean intersects(int[] classes, BitSet sender) {
        for (int c : classes) {
            if (sender.get(c)) {
                return true;
            }
        }
        return false;
    }

    /** App classes of the calls the sending work made before the send (kept per work, advanced). */
    private BitSet senderClasses(int send) {
        int t = events.thread(send);
        CallTable calls = trace.threads().get(t).calls();
        int sendCall = events.call(send);
        int unit = units.owner(send);
        int first = unit >= 0 && events.call(unit) >= 0 ? events.call(unit) : rootOf(calls, sendCall);
        SenderState state = senders.computeIfAbsent(((long) t << 32) | first,
                k -> new SenderState(first, new BitSet(appClassCount)));
        for (; state.cursor < sendCall; state.cursor++) {
            int c = appClass[calls.method(state.cursor)];
            if (c >= 0) {
                state.classes.set(c);
            }
        }
        return state.classes;
    }

    private static int rootOf(CallTable calls, int call) {
        int at = call;
        while (calls.parent(at) >= 0) {
            at = calls.parent(at);
        }
        return at;
    }

    /** App classes whose methods the dispatch runs (its whole subtree), computed once. */
    private int[] classesOf(int dispatch) {
        int[] cached = dispatchClasses[dispatch];
        if (cached != null) {
            return cached;
        }
        CallTable calls = trace.threads().get(events.thread(dispatch)).calls();
        int c = events.call(dispatch);
        int depth = calls.depth(c);
        BitSet set = new BitSet(appClassCount);
        for (int j = c; j < calls.size() && (j == c || calls.depth(j) > depth); j++) {
            int k = appClass[calls.method(j)];
            if (k >= 0) {
                set.set(k);
            }
        }
        int[] result = set.stream().toArray();
        dispatchClasses[dispatch] = result;
        return result;
    }

    private static final class SenderState {
        int cursor;
        final BitSet classes;

        SenderState(int cursor, BitSet classes) {
            this.cursor = cursor;
            this.classes = classes;
        }
    }
}
