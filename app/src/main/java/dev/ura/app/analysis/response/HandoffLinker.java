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
 * still queued ({@link LinkKind#IDENTITY}); hand-offs the log gives no identity for are linked by
 * {@link IdentitylessLinker} ({@link LinkKind#INFERRED}). Method traces have no identities: see
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
        return linkWithWarnings(trace, events, units, inferred, rules, edits).links();
    }

    /**
     * The links and what the linking had to guess.
     *
     * @param links    ordered by send time
     * @param warnings one line per kind of guess, naming the first lines it concerns
     */
    public record Result(List<Link> links, List<String> warnings) {
        public Result {
            links = List.copyOf(links);
            warnings = List.copyOf(warnings);
        }
    }

    /** As {@link #link}, with the warnings of the linking (agent logs: dispatches of an object never sent). */
    public static Result linkWithWarnings(Trace trace, EventTable events, WorkUnits units, boolean inferred,
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
        List<String> warnings = new ArrayList<>();
        List<Link> links = inferred
                ? new InferredLinker(trace, events, units, rules).link(fixedSends, fixedDispatches)
                : byIdentity(trace, events, units, rules, fixedSends, fixedDispatches, warnings);
        List<Link> all = new ArrayList<>(links);
        for (Link l : edits.added()) {
            if (valid(events, l)) {
                all.add(l);
            }
        }
        all.sort(Comparator.comparingLong((Link l) -> events.start(l.sendEvent())).thenComparingInt(Link::sendEvent));
        return new Result(all, warnings);
    }

    private static boolean valid(EventTable events, Link l) {
        return l.sendEvent() >= 0 && l.sendEvent() < events.size() && l.dispatchEvent() >= 0
                && l.dispatchEvent() < events.size() && events.kind(l.sendEvent()) == EventKind.SEND_MSG
                && events.kind(l.dispatchEvent()) == EventKind.DISPATCH_MSG
                && events.start(l.dispatchEvent()) >= events.start(l.sendEvent());
    }

    /**
     * Identity links; then the sends without {@code obj} and the dispatches without one (or whose
     * {@code obj} no earlier send is waiting with) are linked by {@link IdentitylessLinker}.
     */
    private static List<Link> byIdentity(Trace trace, EventTable events, WorkUnits units, MethodRules rules,
                                         BitSet fixedSends, BitSet fixedDispatches, List<String> warnings) {
        Map<Integer, ArrayDeque<Integer>> queued = new HashMap<>();
        // the last release of each object: releases are not consumed (sends of one obj are otherwise taken in order)
        Map<Integer, Integer> releases = new HashMap<>();
        List<Link> links = new ArrayList<>();
        BitSet linked = (BitSet) fixedDispatches.clone();
        List<Integer> anonymousSends = new ArrayList<>();
        List<Integer> anonymousDispatches = new ArrayList<>();
        List<Integer> neverSent = new ArrayList<>();
        for (int e : EventOrder.byStart(events)) {
            EventKind kind = events.kind(e);
            int id = events.identityId(e);
            if (id < 0) {
                if (kind == EventKind.SEND_MSG && !fixedSends.get(e)) {
                    anonymousSends.add(e);
                } else if (kind == EventKind.DISPATCH_MSG && !fixedDispatches.get(e)) {
                    anonymousDispatches.add(e);
                }
                continue;
            }
            switch (kind) {
                case SEND_MSG -> {
                    if (isRelease(events, e)) {
                        releases.put(id, e);
                    } else {
                        queued.computeIfAbsent(id, k -> new ArrayDeque<>()).add(e);
                    }
                }
                case REMOVE_MSG -> queued.remove(id);
                case DISPATCH_MSG -> {
                    if (isRelease(events, e)) {
                        // every waiter released by one release resumes from it (two threads awaiting one latch)
                        Integer release = releases.get(id);
                        if (release != null && !fixedSends.get(release) && !fixedDispatches.get(e)) {
                            links.add(new Link(release, e, LinkKind.IDENTITY));
                            linked.set(e);
                        }
                        continue;
                    }
                    ArrayDeque<Integer> q = queued.get(id);
                    Integer send = q == null ? null : q.poll();
                    if (send == null) {
                        if (!fixedDispatches.get(e)) {
                            neverSent.add(e);
                            anonymousDispatches.add(e);
                        }
                    } else if (!fixedSends.get(send) && !fixedDispatches.get(e)) {
                        links.add(new Link(send, e, LinkKind.IDENTITY));
                        linked.set(e);
                    }
                }
                default -> {
                }
            }
        }
        clockJumps(events, queued, neverSent, fixedSends, links, linked, warnings);
        anonymousDispatches.removeIf(linked::get);
        neverSent.removeIf(linked::get);
        if (!neverSent.isEmpty()) {
            warnings.add(neverSentWarning(events, neverSent));
        }
        anonymousDispatches.sort(Comparator.comparingLong(events::start));
        // A send with obj that no dispatch of that obj ran (nor a REMOVE_MSG cancelled) may have been
        // run by a dispatch the log wrote without obj: it is linked by inference too, never dropped.
        BitSet sent = new BitSet();
        links.forEach(l -> sent.set(l.sendEvent()));
        for (ArrayDeque<Integer> q : queued.values()) {
            for (int s : q) {
                if (!sent.get(s) && !fixedSends.get(s) && !isRelease(events, s)) {
                    anonymousSends.add(s);
                }
            }
        }
        anonymousSends.sort(Comparator.comparingLong(events::start));
        links.addAll(new IdentitylessLinker(trace, events, units, rules).link(
                anonymousSends.stream().mapToInt(Integer::intValue).toArray(),
                anonymousDispatches.stream().mapToInt(Integer::intValue).toArray(), linked));
        return links;
    }

    /**
     * A release ({@code via release}: a future completed, a latch opened, a thread ended) or a
     * waiter's resume from one is linked by identity only: a release nobody waited for is no
     * hand-off, and a resume whose release the log does not hold (it came before the recording)
     * has no cause to guess.
     */
    static boolean isRelease(EventTable events, int e) {
        return RELEASE.equals(events.via(e));
    }

    /** The {@code via} of releases and of the resumes they cause (agent-log v1, {@code WAIT}). */
    public static final String RELEASE = "release";

    /**
     * A send still waiting at the end whose {@code obj} an earlier dispatch on another thread ran
     * without a send: the two threads' clocks disagree (a clock jump). The identity decides: they
     * are linked, with a warning naming both lines; the dependency graph then takes the dispatch
     * to start with the response rather than before its send, so it stays acyclic.
     */
    private static void clockJumps(EventTable events, Map<Integer, ArrayDeque<Integer>> queued, List<Integer> neverSent,
                                   BitSet fixedSends, List<Link> links, BitSet linked, List<String> warnings) {
        if (neverSent.isEmpty()) {
            return;
        }
        Map<Integer, List<Integer>> early = new HashMap<>();
        for (int d : neverSent) {
            early.computeIfAbsent(events.identityId(d), k -> new ArrayList<>()).add(d);
        }
        int reported = 0;
        for (Map.Entry<Integer, ArrayDeque<Integer>> q : queued.entrySet()) {
            List<Integer> candidates = early.get(q.getKey());
            if (candidates == null) {
                continue;
            }
            for (int send : q.getValue()) {
                for (int d : candidates) {
                    if (!linked.get(d) && !fixedSends.get(send) && events.thread(d) != events.thread(send)
                            && events.start(d) < events.start(send)) {
                        links.add(new Link(send, d, LinkKind.IDENTITY));
                        linked.set(d);
                        if (reported++ < 3) {
                            warnings.add("line " + events.line(d) + ": DISPATCH_MSG of obj " + events.identity(d)
                                    + " starts " + (events.start(send) - events.start(d)) + " ns before its SEND_MSG"
                                    + " at line " + events.line(send) + " on another thread (a clock jump): linked by"
                                    + " identity; the dispatch is taken to start with the response");
                        }
                        break;
                    }
                }
            }
        }
    }

    private static String neverSentWarning(EventTable events, List<Integer> dispatches) {
        int first = dispatches.get(0);
        StringBuilder sb = new StringBuilder("line ").append(events.line(first)).append(": DISPATCH_MSG of obj ")
                .append(events.identity(first)).append(", which no earlier SEND_MSG sent");
        if (dispatches.size() > 1) {
            sb.append(" (").append(dispatches.size()).append(" dispatches: lines ");
            for (int i = 0; i < Math.min(3, dispatches.size()); i++) {
                sb.append(i > 0 ? ", " : "").append(events.line(dispatches.get(i)));
            }
            sb.append(dispatches.size() > 3 ? ", …)" : ")");
        }
        return sb.append(": linked by inference (affinity, then first come first served), the log gives no identity")
                .toString();
    }
}
