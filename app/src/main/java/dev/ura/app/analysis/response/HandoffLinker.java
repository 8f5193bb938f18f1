package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Links each hand-off ({@code SEND_MSG}) to the work it causes ({@code DISPATCH_MSG}).
 *
 * <p>Agent logs name the object on both sides: a dispatch takes the earliest earlier send of the
 * same {@code obj} not taken yet, and a {@code REMOVE_MSG obj} cancels the sends of {@code obj}
 * still queued ({@link LinkKind#IDENTITY}). Method traces have no identities: see
 * {@link InferredLinker} ({@link LinkKind#AFFINITY}, then {@link LinkKind#FIFO}). The user's
 * edits apply on top: a removed link's send stays unlinked; an added link replaces any other link
 * of its send or dispatch. A user link that is not from a send to a dispatch starting no earlier is
 * ignored (work cannot run before it is handed over, and the dependency graph must stay acyclic).
 */
public final class HandoffLinker {
    private HandoffLinker() {
    }

    /**
     * @param inferred whether the events were derived from a method trace (no identities)
     * @param units    the work units of {@code events} (affinity looks at the sending work)
     * @return links ordered by send time
     */
    public static List<Link> link(Trace trace, EventTable events, WorkUnits units, boolean inferred,
                                  MethodRules rules, LinkEdits edits) {
        BitSet fixedSends = new BitSet();
        BitSet fixedDispatches = new BitSet();
        for (Link l : edits.added()) {
            if (valid(events, l)) {
                fixedSends.set(l.sendEvent());
                fixedDispatches.set(l.dispatchEvent());
            }
        }
        for (Link l : edits.removed()) {
            fixedSends.set(l.sendEvent());
        }
        List<Link> links = inferred
                ? new InferredLinker(trace, events, units, rules).link(fixedSends, fixedDispatches)
                : byIdentity(events, fixedSends, fixedDispatches);
        List<Link> all = new ArrayList<>(links);
        for (Link l : edits.added()) {
            if (valid(events, l)) {
                all.add(l);
            }
        }
        all.sort(Comparator.comparingLong((Link l) -> events.start(l.sendEvent())).thenComparingInt(Link::sendEvent));
        return List.copyOf(all);
    }

    private static boolean valid(EventTable events, Link l) {
        return l.sendEvent() >= 0 && l.sendEvent() < events.size() && l.dispatchEvent() >= 0
                && l.dispatchEvent() < events.size() && events.kind(l.sendEvent()) == EventKind.SEND_MSG
                && events.kind(l.dispatchEvent()) == EventKind.DISPATCH_MSG
                && events.start(l.dispatchEvent()) >= events.start(l.sendEvent());
    }

    private static List<Link> byIdentity(EventTable events, BitSet fixedSends, BitSet fixedDispatches) {
        Map<Integer, ArrayDeque<Integer>> queued = new HashMap<>();
        List<Link> links = new ArrayList<>();
        for (int e : EventOrder.byStart(events)) {
            int id = events.identityId(e);
            if (id < 0) {
                continue;
            }
            switch (events.kind(e)) {
                case SEND_MSG -> queued.computeIfAbsent(id, k -> new ArrayDeque<>()).add(e);
                case REMOVE_MSG -> queued.remove(id);
                case DISPATCH_MSG -> {
                    ArrayDeque<Integer> q = queued.get(id);
                    Integer send = q == null ? null : q.poll();
                    if (send != null && !fixedSends.get(send) && !fixedDispatches.get(e)) {
                        links.add(new Link(send, e, LinkKind.IDENTITY));
                    }
                }
                default -> {
                }
            }
        }
        return links;
    }
}
