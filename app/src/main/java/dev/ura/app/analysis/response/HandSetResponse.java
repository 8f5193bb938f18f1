package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.MethodRules;
import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.Arrays;
import java.util.List;

/**
 * Turns a window set by hand into a response the rest of the engine handles like a detected one.
 *
 * <p>The trace's events are copied with three more: a {@code USER_INPUT} on the window's start
 * thread (the trigger: over the whole window, or an instant at its start when units of that thread
 * start inside it), and a request at the window start fulfilled by a zero-length draw at its end,
 * whose identity no log can name. Tracked work is then followed from the trigger and from every
 * unit (message, input) of the start thread that starts inside the window, by the detection rules
 * (hand-offs, nested triggers), and cut to what starts inside the window. Work of a unit that
 * began before the window is not followed. So the critical path, findings and
 * what-if estimates run on it unchanged, and the response ends exactly where the user said.
 */
public final class HandSetResponse {
    /** The identity of the synthetic request and draw (a NUL cannot appear in a log's view name). */
    static final String IDENTITY = "\u0000ura:set-by-hand";

    private HandSetResponse() {
    }

    /**
     * The events, units, links and the one response of {@code window}.
     *
     * @param base    the events of the trace (the log's, or those derived from the method trace)
     * @param derived whether {@code base} was derived from a method trace
     */
    public static Built build(Trace trace, EventTable base, boolean derived, MethodRules rules, LinkEdits edits,
                              HandWindow window) {
        EventTable.Builder b = copy(base);
        int t = window.thread();
        long from = window.fromNs();
        long to = window.toNs();
        int[] starting = unitsStartingIn(base, t, from, to);
        // Over the whole window when no unit of the thread starts in it; else an instant at its start,
        // and the units are roots: a trigger piece around the thread's messages would nest them.
        int trigger = b.add(EventKind.USER_INPUT, t, from, starting.length == 0 ? to : from, starting.length == 0);
        b.setName(trigger, window.trigger());
        int request = b.add(EventKind.INVALIDATE, t, from, from, false);
        b.setIdentity(request, IDENTITY);
        int draw = b.add(EventKind.DRAW, t, to, to, true);
        b.setIdentity(draw, IDENTITY);
        EventTable events = b.build();
        WorkUnits units = WorkUnits.of(trace, events, derived);
        List<Link> links = HandoffLinker.link(trace, events, units, derived, rules, edits);
        int[] roots = new int[starting.length + 1];
        roots[0] = trigger;
        System.arraycopy(starting, 0, roots, 1, starting.length);
        EventSet walked = new ResponseDetector(trace, events, units, links).trackedFrom(roots);
        int[] kept = walked.stream().filter(e -> e == trigger || inside(events, e, from, to)).toArray();
        int[] tracked = Arrays.copyOf(kept, kept.length + 1);
        tracked[kept.length] = request;
        String threadName = trace.threads().get(t).name();
        Response response = new Response(0, window.trigger(), t, threadName, from, to, true,
                new EndEvent(t, threadName, EventKind.DRAW, "end set by hand", to), true);
        ResponseWork work = new ResponseWork(trace, events, links, response, trigger, EventSet.of(tracked),
                List.of(new RequestFulfilment(request, draw)), draw);
        return new Built(events, units, links, work);
    }

    /** What {@link #build} makes. */
    public record Built(EventTable events, WorkUnits units, List<Link> links, ResponseWork work) {
    }

    private static boolean inside(EventTable events, int e, long from, long to) {
        return events.start(e) >= from && events.start(e) <= to;
    }

    /** The units (messages, triggers) of thread {@code thread} that start inside the window. */
    private static int[] unitsStartingIn(EventTable events, int thread, long from, long to) {
        int[] units = new int[8];
        int n = 0;
        for (int e = 0; e < events.size(); e++) {
            if (events.thread(e) == thread && WorkUnits.isUnit(events, e) && inside(events, e, from, to)) {
                if (n == units.length) {
                    units = Arrays.copyOf(units, n * 2);
                }
                units[n++] = e;
            }
        }
        return Arrays.copyOf(units, n);
    }

    private static EventTable.Builder copy(EventTable base) {
        EventTable.Builder b = new EventTable.Builder(base.size() + 3);
        for (int i = 0; i < base.size(); i++) {
            EventKind k = base.kind(i);
            int j = b.add(k, base.thread(i), base.start(i), base.end(i), base.isInterval(i));
            if (k == EventKind.UNKNOWN) {
                b.setKindName(j, base.kindName(i));
            }
            if (base.identity(i) != null) {
                b.setIdentity(j, base.identity(i));
            }
            if (base.name(i) != null) {
                b.setName(j, base.name(i));
            }
            if (base.via(i) != null) {
                b.setVia(j, base.via(i));
            }
            if (base.detail(i) != null) {
                b.setDetail(j, base.detail(i));
            }
            b.setBytes(j, base.bytes(i)).setTargetTid(j, base.targetTid(i)).setDelayNs(j, base.delayNs(i))
                    .setCall(j, base.call(i)).setLine(j, base.line(i));
        }
        return b;
    }
}
