package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.MethodRules;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Links the hand-offs of an agent log that the log gives no identity for: sends without
 * {@code obj}, and dispatches without {@code obj} or whose {@code obj} no earlier send is waiting
 * with; and sends with an {@code obj} no dispatch of that {@code obj} ran, to dispatches without
 * one (the log dropped the dispatch's {@code obj}, not the work). The rules are the method-trace linker's (android-method-rules.md): each send, in time
 * order, takes a not-yet-linked such dispatch that starts at or after it, on the thread its
 * {@code target_tid} names or else on another thread; the earliest one whose work names an app
 * class the sending work named before the send (affinity), else the earliest one (FIFO), affinity
 * links for every send being made before any FIFO link. An agent log names classes in
 * {@code METHOD} intervals and in dotted {@code DISPATCH_MSG} / trigger names
 * ({@code com.ex.FeedTask.doInBackground}). Every such link is {@link LinkKind#INFERRED}.
 */
final class IdentitylessLinker {
    /** Candidates looked at per send when searching for affinity; bounds the cost on huge logs. */
    private static final int MAX_CANDIDATES = 4096;

    private final Trace trace;
    private final EventTable events;
    private final WorkUnits units;
    private final MethodRules rules;
    private final Map<Integer, Set<String>> dispatchClasses = new HashMap<>();

    IdentitylessLinker(Trace trace, EventTable events, WorkUnits units, MethodRules rules) {
        this.trace = trace;
        this.events = events;
        this.units = units;
        this.rules = rules;
    }

    /**
     * @param sends      the sends to link, in start order
     * @param dispatches the dispatches they may link to, in start order
     * @param linked     dispatches already taken (by identity or by the user); updated
     */
    List<Link> link(int[] sends, int[] dispatches, BitSet linked) {
        List<Link> links = new ArrayList<>();
        if (sends.length == 0 || dispatches.length == 0) {
            return links;
        }
        BitSet done = new BitSet();
        for (boolean affinity : new boolean[] {true, false}) {
            for (int k = 0; k < sends.length; k++) {
                int s = sends[k];
                if (done.get(k)) {
                    continue;
                }
                int d = choose(s, dispatches, linked, affinity);
                if (d >= 0) {
                    linked.set(d);
                    done.set(k);
                    links.add(new Link(s, d, LinkKind.INFERRED));
                }
            }
        }
        return links;
    }

    private int choose(int send, int[] dispatches, BitSet linked, boolean affinity) {
        long t = events.start(send);
        Set<String> sender = affinity ? senderClasses(send) : Set.of();
        if (affinity && sender.isEmpty()) {
            return -1;
        }
        int looked = 0;
        for (int k = lowerBound(dispatches, t); k < dispatches.length && looked < MAX_CANDIDATES; k++) {
            int d = dispatches[k];
            looked++;
            if (linked.get(d) || !onTargetThread(send, d) || !identitiesAllow(send, d)) {
                continue;
            }
            if (!affinity) {
                return d;
            }
            for (String c : classesOf(d)) {
                if (sender.contains(c)) {
                    return d;
                }
            }
        }
        return -1;
    }

    /**
     * A send with {@code obj} (its own dispatch never came) only takes a dispatch written without
     * {@code obj}: a dispatch of another object is that object's work.
     */
    private boolean identitiesAllow(int send, int dispatch) {
        return events.identityId(send) < 0 || events.identityId(dispatch) < 0;
    }

    /** The thread {@code target_tid} names, else any other thread than the sender's. */
    private boolean onTargetThread(int send, int dispatch) {
        long target = events.targetTid(send);
        if (target >= 0) {
            return trace.threads().get(events.thread(dispatch)).id() == target;
        }
        return events.thread(dispatch) != events.thread(send);
    }

    /** App classes the sending work named before the send: its own name and its earlier METHODs. */
    private Set<String> senderClasses(int send) {
        Set<String> out = new HashSet<>();
        int unit = units.owner(send);
        if (unit < 0) {
            return out;
        }
        addClass(out, events.name(unit));
        for (int k = 0; k < units.ownedCount(unit); k++) {
            int e = units.owned(unit, k);
            if (events.kind(e) == EventKind.METHOD && events.start(e) <= events.start(send)) {
                addClass(out, events.name(e));
            }
        }
        return out;
    }

    /** App classes the dispatched work names: its own name and its METHODs (computed once). */
    private Set<String> classesOf(int dispatch) {
        Set<String> cached = dispatchClasses.get(dispatch);
        if (cached != null) {
            return cached;
        }
        Set<String> out = new HashSet<>();
        addClass(out, events.name(dispatch));
        for (int k = 0; k < units.ownedCount(dispatch); k++) {
            int e = units.owned(dispatch, k);
            if (events.kind(e) == EventKind.METHOD) {
                addClass(out, events.name(e));
            }
        }
        dispatchClasses.put(dispatch, out);
        return out;
    }

    /** The class of a dotted {@code pkg.Class.method} name, when it is app code. */
    private void addClass(Set<String> out, String name) {
        if (name == null) {
            return;
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            String cls = name.substring(0, dot);
            if (rules.isAppClass(cls)) {
                out.add(cls);
            }
        }
    }

    private int lowerBound(int[] list, long t) {
        return EventOrder.lowerBound(events, list, t);
    }
}
