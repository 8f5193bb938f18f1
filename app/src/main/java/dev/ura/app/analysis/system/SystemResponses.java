package dev.ura.app.analysis.system;

import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.util.OneLine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The responses of a system trace (docs/system-responses.md §1–§3): triggers, tracked stretches,
 * the frame that ends each, and the event table and links that show them.
 *
 * @param events   the derived events (triggers, requested frames' draws, the hand-offs that opened stretches)
 * @param links    the hand-offs, by send time
 * @param work     per response, in start order
 * @param systems  per response (parallel to {@code work}): stretches and the ending frame
 * @param warnings what the rules had to work around, one line each
 */
public record SystemResponses(EventTable events, List<Link> links, List<ResponseWork> work, List<SystemWork> systems,
                              List<String> warnings) {

    public SystemResponses {
        links = List.copyOf(links);
        work = List.copyOf(work);
        systems = List.copyOf(systems);
        warnings = List.copyOf(warnings);
    }

    /** One response found on a system trace, before the event table is numbered. */
    private record Found(TriggerFinder.Trigger trigger, StretchTracker.Result tracked, FrameMatcher.Requests requests) {
        int end() {
            return requests.end();
        }

        List<Integer> frames() {
            return requests.frames();
        }
    }

    /** Finds every response of {@code trace}, whose {@code system()} is present. */
    public static SystemResponses detect(Trace trace) {
        SystemThreads threads = new SystemThreads(trace);
        int n = trace.threads().size();
        Set<String> warnings = new LinkedHashSet<>();
        UiFrames ui = new UiFrames(trace, threads);
        List<TriggerFinder.Trigger> triggers = new TriggerFinder(trace, threads, ui).find();
        List<Found> found = new ArrayList<>(triggers.size());
        if (!triggers.isEmpty()) {
            StretchTracker tracker = new StretchTracker(new Handoffs(trace.system(), threads), threads,
                    trace.lastTimeNs());
            FrameMatcher frames = new FrameMatcher(ui, new TimelineDraws(trace, ui), trace.system(), threads, n,
                    new OwnDrawThreads(trace, ui));
            for (TriggerFinder.Trigger g : triggers) {
                StretchTracker.Result r = tracker.track(g.thread(), g.sliceStartNs(), g.stretchEndNs());
                found.add(new Found(g, r, frames.requested(r.stretches().stream().map(StretchTracker.Opened::stretch)
                        .toList())));
            }
        }
        return assemble(trace, ui, found, warnings);
    }

    /**
     * The one response set by hand on {@code thread} over [{@code fromNs}, {@code toNs}]
     * (docs/system-responses.md §8): the trigger stretch starts at the window's start on that
     * thread and ends by §2 rule 5 (the thread's first sleep that no tracked thread ends), tracked
     * work follows from it by §2 and is cut at the window's end, and the response ends exactly
     * there, on that thread (no frame is looked for: the user said where it ends). A trigger
     * stretch over the whole window would make every frame the thread ran in it tracked work, and
     * the walk would return into an animation's frame instead of the worker the thread waited for.
     *
     * @param name the trigger as shown ({@code set by hand}, or the start slice's name)
     */
    public static SystemResponses byHand(Trace trace, int thread, long fromNs, long toNs, String name) {
        SystemThreads threads = new SystemThreads(trace);
        StretchTracker.Result r = new StretchTracker(new Handoffs(trace.system(), threads), threads, trace.lastTimeNs())
                .trackFrom(thread, fromNs);
        long triggerEnd = fromNs;
        for (StretchTracker.Opened o : r.stretches()) {
            if (o.stretch().cause() == TrackedStretch.Cause.TRIGGER) {
                triggerEnd = Math.min(o.stretch().toNs(), toNs);
            }
        }
        SystemEvents ev = new SystemEvents(trace);
        List<Integer> mine = new ArrayList<>();
        mine.add(ev.trigger(0, false, thread, fromNs, triggerEnd, name, callAt(trace, thread, fromNs, "")));
        List<TrackedStretch> stretches = new ArrayList<>();
        for (StretchTracker.Opened o : r.stretches()) {
            TrackedStretch s = o.stretch();
            if (s.cause() != TrackedStretch.Cause.TRIGGER && s.fromNs() >= toNs) {
                continue; // opened at the window's end or later: after the response
            }
            stretches.add(new TrackedStretch(s.thread(), s.fromNs(), Math.min(s.toNs(), toNs), s.cause(),
                    s.causeThread()));
            if (o.ref() >= 0) {
                for (int e : ev.handoff(s.cause(), o.ref(), o.sourceThread(), o.sourceNs(), s.thread(), s.fromNs())) {
                    mine.add(e);
                }
            }
        }
        int end = ev.end(thread, toNs);
        mine.add(end);
        EventTable events = ev.build();
        List<Link> links = List.copyOf(ev.links());
        int[] tracked = mine.stream().mapToInt(ev::indexOf).toArray();
        String threadName = trace.threads().get(thread).name();
        Response response = new Response(0, name, thread, threadName, fromNs, toNs, true,
                new EndEvent(thread, threadName, EventKind.DRAW, "end set by hand", toNs), true);
        ResponseWork work = new ResponseWork(trace, events, links, response, tracked[0], EventSet.of(tracked),
                List.of(), ev.indexOf(end));
        // Nothing is known to be drawn: no drawn at; the walk starts at the response's end on this thread.
        SystemWork sys = new SystemWork(stretches, -1, thread, -1, -1, false, null);
        List<String> warnings = r.capped() ? List.of("the response set by hand: tracked work cut at "
                + StretchTracker.MAX_STRETCHES + " stretches") : List.of();
        return new SystemResponses(events, links, List.of(work), List.of(sys), warnings);
    }

    private static SystemResponses assemble(Trace trace, UiFrames ui, List<Found> found, Set<String> warnings) {
        SystemEvents ev = new SystemEvents(trace);
        List<int[]> added = new ArrayList<>();
        for (int r = 0; r < found.size(); r++) {
            Found f = found.get(r);
            TriggerFinder.Trigger g = f.trigger();
            List<Integer> mine = new ArrayList<>();
            mine.add(ev.trigger(r, g.launch(), g.thread(), g.sliceStartNs(), g.sliceEndNs(), g.name(), g.call()));
            for (StretchTracker.Opened o : f.tracked().stretches()) {
                if (o.ref() >= 0) {
                    for (int e : ev.handoff(o.stretch().cause(), o.ref(), o.sourceThread(), o.sourceNs(),
                            o.stretch().thread(), o.stretch().fromNs())) {
                        mine.add(e);
                    }
                }
            }
            int endEvent = -1;
            for (int k : f.frames()) {
                int e = draw(trace, ui, ev, k);
                mine.add(e);
                if (k == f.end()) {
                    endEvent = e;
                }
            }
            mine.add(0, endEvent);
            added.add(mine.stream().mapToInt(Integer::intValue).toArray());
            if (g.start().warning() != null) {
                warnings.add(g.start().warning());
            }
            if (f.tracked().capped()) {
                warnings.add("response " + r + " (" + g.name() + "): tracked work cut at " + StretchTracker.MAX_STRETCHES
                        + " stretches");
            }
        }
        EventTable events = ev.build();
        // One immutable list shared by every response's work (ResponseWork keeps it without copying).
        List<Link> links = List.copyOf(ev.links());
        List<ResponseWork> work = new ArrayList<>(found.size());
        List<SystemWork> systems = new ArrayList<>(found.size());
        for (int r = 0; r < found.size(); r++) {
            Found f = found.get(r);
            int[] mine = added.get(r);
            int[] tracked = new int[mine.length - 1];
            for (int k = 1; k < mine.length; k++) {
                tracked[k - 1] = ev.indexOf(mine[k]);
            }
            int endEvent = mine[0] < 0 ? -1 : ev.indexOf(mine[0]);
            SystemWork sys = systemWork(f, ui);
            Response response = response(trace, ui, r, f, sys);
            work.add(new ResponseWork(trace, events, links, response, tracked[0], EventSet.of(tracked), List.of(),
                    endEvent));
            systems.add(sys);
        }
        // Warnings quote slice names from the file: escaped, each stays one printable line.
        return new SystemResponses(events, links, work, systems, warnings.stream().map(OneLine::of).toList());
    }

    private static int draw(Trace trace, UiFrames ui, SystemEvents ev, int k) {
        UiFrames.UiFrame f = ui.get(k);
        int call = callAt(trace, f.drawThread(), f.drawStartNs(), "");
        return ev.draw(k, f.drawThread(), f.drawStartNs(), f.drawnAtNs(), name(trace, ui, f), call);
    }

    /** The outermost call of {@code thread} starting at {@code startNs} whose name starts with {@code prefix}, or -1. */
    private static int callAt(Trace trace, int thread, long startNs, String prefix) {
        return UiFrames.callAt(trace, trace.threads().get(thread).calls(), startNs, prefix);
    }

    private static String sliceName(Trace trace, int thread, long startNs, String fallback) {
        int call = callAt(trace, thread, startNs, "");
        return call >= 0 ? trace.methods().get(trace.threads().get(thread).calls().method(call)).name() : fallback;
    }

    private static SystemWork systemWork(Found f, UiFrames ui) {
        List<TrackedStretch> stretches = f.tracked().stretches().stream().map(StretchTracker.Opened::stretch).toList();
        boolean converted = f.trigger().start().converted();
        if (f.end() < 0) {
            TrackedStretch last = stretches.get(0);
            for (TrackedStretch s : stretches) {
                if (s.toNs() >= last.toNs()) {
                    last = s;
                }
            }
            return new SystemWork(stretches, -1, last.thread(), -1, -1, converted, f.requests().unfinished().reason());
        }
        UiFrames.UiFrame fr = ui.get(f.end());
        return new SystemWork(stretches, fr.vsyncId(), fr.drawThread(), fr.drawnAtNs(), fr.presentNs(), converted, null,
                fr.fromBuffer() ? SystemWork.FROM_NEXT_BUFFER : null);
    }

    private static Response response(Trace trace, UiFrames ui, int index, Found f, SystemWork sys) {
        TriggerFinder.Trigger g = f.trigger();
        String threadName = trace.threads().get(g.thread()).name();
        long start = g.start().startNs();
        if (f.end() < 0) {
            long end = start;
            for (TrackedStretch s : sys.stretches()) {
                end = Math.max(end, s.toNs());
            }
            return new Response(index, g.name(), g.thread(), threadName, start, end, false, null);
        }
        int drawThread = sys.drawThread();
        String name = name(trace, ui, ui.get(f.end()));
        EndEvent end = new EndEvent(drawThread, trace.threads().get(drawThread).name(), EventKind.DRAW_FRAME, name,
                sys.drawnAtNs());
        return new Response(index, g.name(), g.thread(), threadName, start, sys.drawnAtNs(), true, end);
    }

    /** The name of the slice that ends frame {@code f}: its DrawFrame, eglSwapBuffers, draw or frame slice. */
    private static String name(Trace trace, UiFrames ui, UiFrames.UiFrame f) {
        if (ui.timelineOnly(f.thread())) {
            return "FrameTimeline frame" + (f.vsyncId() >= 0 ? " " + f.vsyncId() : "");
        }
        String fallback = f.drawThread() != f.thread() ? "DrawFrame" : "Choreographer#doFrame";
        return sliceName(trace, f.drawThread(), f.drawStartNs(), fallback + (f.vsyncId() >= 0 ? " " + f.vsyncId() : ""));
    }
}
