package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.events.MethodEventDeriver;
import dev.ura.app.analysis.events.SampledTrace;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the responses of a trace by the six rules of "What a response is"
 * ({@code docs/agent-log-v1.md}).
 *
 * <p>Tracked work is followed as reachability over units: a trigger's work, the sends it makes,
 * the dispatches those sends are linked to, the sends those make, and so on. A unit owns the events
 * that happen in it directly; a dispatch nested in tracked work is tracked only when its own send
 * is (a looper thread's outermost call would otherwise swallow every later message); a trigger
 * nested in a trigger is part of the outer one. Requests made by tracked work are fulfilled by the
 * first matching draw at or after them; the response ends at the end of the last such draw.
 * A {@code START_ACTIVITY} with the detail {@link MethodEventDeriver#JOINS_LAUNCH}
 * ({@code handleResumeActivity}) joins the latest launch response of its thread that is not
 * finished when it starts (a request still pending, or nothing drawn on that thread since the
 * launch began) instead of starting one.
 *
 * <p>In a sampled trace ({@link SampledTrace}) a response whose work caught no request ends at the
 * latest frame that follows one of its tracked units on the unit's thread (within half a
 * second); its end event is marked {@link #INFERRED_END}.
 */
public final class ResponseDetector {
    /** How the end event of a response ended at a frame no caught request asked for is marked. */
    public static final String INFERRED_END = "(inferred end (sampled trace))";
    /** A frame this long after a tracked unit ends is not taken to show its result, ns. */
    static final long INFERRED_FRAME_WINDOW_NS = 500_000_000L;

    private final Trace trace;
    private final EventTable events;
    private final WorkUnits units;
    private final List<Link> links;
    private final Map<Integer, List<Integer>> targets = new HashMap<>();
    /** Agent logs only (rule 7, repeated requests): the send linked to each dispatch; else null. */
    private final Map<Integer, Integer> senderOf;
    private final FulfilmentIndex draws;
    private final int[] order;
    private final boolean sampled;
    private final EventMarks marks;

    /** A detector over {@code events} (of {@code trace}) with their units and hand-off links. */
    public ResponseDetector(Trace trace, EventTable events, WorkUnits units, List<Link> links) {
        this.trace = trace;
        this.events = events;
        this.units = units;
        this.links = List.copyOf(links);
        for (Link l : links) {
            targets.computeIfAbsent(l.sendEvent(), k -> new ArrayList<>()).add(l.dispatchEvent());
        }
        order = EventOrder.byStart(events);
        boolean agentLog = "agent-log".equals(trace.metadata().format());
        draws = new FulfilmentIndex(events, order, agentLog);
        senderOf = agentLog ? new HashMap<>() : null;
        if (agentLog) {
            for (Link l : links) {
                senderOf.putIfAbsent(l.dispatchEvent(), l.sendEvent());
            }
        }
        sampled = SampledTrace.isSampled(trace);
        marks = new EventMarks(events.size());
    }

    /** The responses in start order, each with its tracked work. */
    public List<ResponseWork> detect() {
        List<Tracking> found = new ArrayList<>();
        for (int e : order) {
            if (!events.kind(e).isTrigger() || nestedInTrigger(e)) {
                continue;
            }
            String detail = events.detail(e);
            Tracking joined = MethodEventDeriver.JOINS_LAUNCH.equals(detail) ? openLaunch(found, e)
                    : MethodEventDeriver.JOINS_INPUT.equals(detail) ? Gestures.inputBefore(events, found, t -> t.roots, e)
                    : null;
            if (joined != null) {
                joined.roots.add(e);
                joined.compute();
            } else {
                Tracking t = new Tracking(e);
                t.compute();
                found.add(t);
            }
        }
        int[] gesture = Gestures.number(events, found, t -> t.roots);
        List<ResponseWork> out = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            out.add(found.get(i).toWork(i, gesture[i]));
        }
        return out;
    }

    /**
     * The events the work of {@code roots} tracks, by the same rules as {@link #detect()} (for a
     * response set by hand: its trigger and the units it overlaps).
     */
    public EventSet trackedFrom(int... roots) {
        Tracking t = new Tracking(roots[0]);
        for (int i = 1; i < roots.length; i++) {
            t.roots.add(roots[i]);
        }
        t.compute();
        return t.tracked.toEventSet();
    }

    private boolean nestedInTrigger(int e) {
        for (int u = units.owner(e); u >= 0; u = units.owner(u)) {
            if (events.kind(u).isTrigger()) {
                return true;
            }
        }
        return false;
    }

    private Tracking openLaunch(List<Tracking> found, int resume) {
        long t = events.start(resume);
        for (int i = found.size() - 1; i >= 0; i--) {
            Tracking launch = found.get(i);
            int first = launch.roots.get(0);
            if (events.kind(first) == EventKind.START_ACTIVITY && events.thread(first) == events.thread(resume)
                    && !MethodEventDeriver.JOINS_LAUNCH.equals(events.detail(first)) && launch.unfinishedAt(t)) {
                return launch;
            }
        }
        return null;
    }

    /** One response being followed: its roots, tracked events and requests. */
    private final class Tracking {
        final List<Integer> roots = new ArrayList<>();
        EventMarks.Walk tracked = marks.walk();
        List<Integer> requests = new ArrayList<>();
        int[] fulfilledBy = new int[0];

        Tracking(int trigger) {
            roots.add(trigger);
        }

        void compute() {
            tracked = marks.walk();
            requests = new ArrayList<>();
            ArrayDeque<Integer> queue = new ArrayDeque<>(roots);
            for (int r : roots) {
                // a click that joined its input event runs in the message View.post sent from that
                // event (View$PerformClick): that message is the input's work handed on, as a link is
                int owner = units.owner(r);
                if (MethodEventDeriver.JOINS_INPUT.equals(events.detail(r)) && owner >= 0
                        && events.kind(owner) == EventKind.DISPATCH_MSG) {
                    queue.add(owner);
                }
            }
            while (!queue.isEmpty()) {
                int u = queue.poll();
                if (tracked.get(u)) {
                    continue;
                }
                tracked.set(u);
                for (int k = 0; k < units.ownedCount(u); k++) {
                    follow(units.owned(u, k), queue);
                }
            }
            requests.sort((a, b) -> Long.compare(events.start(a), events.start(b)));
            int[] by = new int[requests.size()];
            int kept = 0;
            for (int i = 0; i < requests.size(); i++) {
                int r = requests.get(i);
                int d = draws.fulfilmentOf(r, drawnOnly(r));
                // A request without identity that nothing fulfils is no request (a bad line must
                // not leave the response pending forever); the reader warned about it.
                if (d >= 0 || !draws.isOptional(r)) {
                    requests.set(kept, r);
                    by[kept++] = d;
                }
            }
            requests.subList(kept, requests.size()).clear();
            fulfilledBy = Arrays.copyOf(by, kept);
            if (senderOf != null) {
                dropRepeats();
            }
        }

        /** Rule 7: requests that repeat an already drawn one (an animation's frames) are not the response's. */
        private void dropRepeats() {
            boolean[] repeats = RepeatedRequests.of(events, units, senderOf, requests, fulfilledBy);
            int kept = 0;
            for (int i = 0; i < requests.size(); i++) {
                if (!repeats[i]) {
                    requests.set(kept, requests.get(i));
                    fulfilledBy[kept++] = fulfilledBy[i];
                }
            }
            requests.subList(kept, requests.size()).clear();
            fulfilledBy = Arrays.copyOf(fulfilledBy, kept);
        }

        private void follow(int e, ArrayDeque<Integer> queue) {
            EventKind kind = events.kind(e);
            if (kind.isTrigger()) {
                if (nestedInTrigger(e)) {
                    queue.add(e);
                }
                return;
            }
            if (kind == EventKind.DISPATCH_MSG) {
                return;
            }
            tracked.set(e);
            if (kind == EventKind.SEND_MSG) {
                List<Integer> to = targets.get(e);
                if (to != null) {
                    queue.addAll(to);
                }
            } else if (kind.isRequest()) {
                requests.add(e);
            }
        }

        /**
         * In a sampled trace, where short calls such as {@code invalidate} are often missed: the
         * latest of the frames that follow a tracked unit (trigger or dispatch) on its thread within
         * {@link #INFERRED_FRAME_WINDOW_NS}, or -1.
         */
        int inferredFrame() {
            int best = -1;
            EventSet units = tracked.toEventSet();
            for (int u = units.nextSetBit(0); u >= 0; u = units.nextSetBit(u + 1)) {
                EventKind k = events.kind(u);
                if (k != EventKind.DISPATCH_MSG && !k.isTrigger()) {
                    continue;
                }
                int f = draws.firstFrameAfter(events.thread(u), events.end(u), isLaunch());
                if (f >= 0 && events.start(f) - events.end(u) <= INFERRED_FRAME_WINDOW_NS
                        && (best < 0 || events.end(f) > events.end(best))) {
                    best = f;
                }
            }
            return best;
        }

        boolean unfinishedAt(long t) {
            for (int i = 0; i < requests.size(); i++) {
                int r = requests.get(i);
                if (events.start(r) <= t && (fulfilledBy[i] < 0 || events.start(fulfilledBy[i]) > t)) {
                    return true;
                }
            }
            int first = roots.get(0);
            return !draws.drawnBetween(events.thread(first), events.start(first), t);
        }

        /** A launch: its window's first frame draws (a traversal that drew nothing is not it). */
        boolean isLaunch() {
            return events.kind(roots.get(0)) == EventKind.START_ACTIVITY;
        }

        /** Whether only a real draw fulfils request {@code r}: a new window's, or any of a launch. */
        private boolean drawnOnly(int r) {
            return isLaunch() || MethodEventDeriver.NEW_WINDOW.equals(events.detail(r));
        }

        ResponseWork toWork(int index, int gesture) {
            int trigger = roots.get(0);
            int last = -1;
            boolean finished = true;
            List<RequestFulfilment> fulfilments = new ArrayList<>(requests.size());
            for (int i = 0; i < requests.size(); i++) {
                int d = fulfilledBy[i];
                fulfilments.add(new RequestFulfilment(requests.get(i), d));
                if (d < 0) {
                    finished = false;
                } else if (last < 0 || events.end(d) > events.end(last)) {
                    last = d;
                }
            }
            boolean inferred = false;
            if (last < 0 && requests.isEmpty() && sampled) {
                last = inferredFrame();
                inferred = last >= 0;
            }
            long endNs;
            if (last >= 0) {
                endNs = events.end(last);
            } else {
                endNs = Long.MIN_VALUE;
                for (int r : roots) {
                    endNs = Math.max(endNs, events.end(r));
                }
            }
            int thread = events.thread(trigger);
            Response response = new Response(index, name(roots), thread, threadName(thread),
                    events.start(trigger), endNs, finished, last < 0 ? null : endEvent(last, inferred), false, gesture);
            return new ResponseWork(trace, events, links, response, trigger, tracked.toEventSet(), fulfilments, last);
        }
    }

    /**
     * The response's name: its trigger's, or for an input event that ran no app handler of its own
     * ({@code touch input}) and that a click joined, the click's ({@code MainActivity$1.onClick}).
     */
    private String name(List<Integer> roots) {
        int trigger = roots.get(0);
        if (MethodEventDeriver.INPUT_EVENT.equals(events.detail(trigger)) && events.name(trigger) != null
                && events.name(trigger).endsWith("input")) {
            for (int r : roots) {
                if (MethodEventDeriver.JOINS_INPUT.equals(events.detail(r))) {
                    return triggerName(r);
                }
            }
        }
        return triggerName(trigger);
    }

    private String triggerName(int e) {
        String name = events.name(e);
        return name != null ? name : events.kindName(e);
    }

    private String threadName(int t) {
        return t >= 0 && t < trace.threads().size() ? trace.threads().get(t).name() : "thread #" + t;
    }

    private EndEvent endEvent(int d, boolean inferred) {
        EndEvent e = endEvent(d);
        return inferred ? new EndEvent(e.thread(), e.threadName(), e.kind(), e.name() + " " + INFERRED_END, e.atNs()) : e;
    }

    private EndEvent endEvent(int d) {
        String identity = events.identity(d);
        String name;
        if (identity != null) {
            name = switch (events.kind(d)) {
                case PAGE_FINISH -> "page " + identity;
                case DRAW_FRAME -> "surface " + identity;
                default -> "view " + identity;
            };
        } else {
            name = events.name(d) != null ? events.name(d) : events.kindName(d);
        }
        int t = events.thread(d);
        return new EndEvent(t, threadName(t), events.kind(d), name, events.end(d));
    }
}
