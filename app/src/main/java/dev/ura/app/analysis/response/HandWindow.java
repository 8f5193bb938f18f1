package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.UiThread;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.whatif.SliceNames;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.Trace;

import java.util.List;
import java.util.Optional;

/**
 * Where a response set by hand starts and ends, and on which thread: for a window, the main thread
 * when it runs a call at {@code fromNs}, else the first thread that does, else the main (or first)
 * thread; for patterns, the thread of the first matching start slice.
 *
 * @param thread  index of the start thread
 * @param fromNs  start
 * @param toNs    end
 * @param trigger what the response is called ("set by hand", or the start slice's name)
 */
public record HandWindow(int thread, long fromNs, long toNs, String trigger) {

    /** The trigger name of a response set as a window of time. */
    public static final String SET_BY_HAND = "set by hand";

    /**
     * Resolves {@code byHand} on {@code trace}.
     *
     * @throws IllegalArgumentException with a one-line message naming what was looked for, when
     *                                  a pattern matches no slice or the window is outside the trace
     */
    public static HandWindow resolve(Trace trace, ResponseByHand byHand) {
        if (trace.threads().isEmpty()) {
            throw new IllegalArgumentException("the trace has no threads to set a response on");
        }
        if (byHand.isWindow()) {
            long from = byHand.fromNs();
            long to = byHand.toNs();
            if (to < trace.firstTimeNs() || from > trace.lastTimeNs()) {
                throw new IllegalArgumentException("the window " + from + ".." + to + " ns is outside the trace ("
                        + trace.firstTimeNs() + ".." + trace.lastTimeNs() + " ns)");
            }
            return new HandWindow(threadRunningAt(trace, from), from, to, SET_BY_HAND);
        }
        Slice start = first(trace, byHand.startPattern(), Long.MIN_VALUE, null)
                .orElseThrow(() -> new IllegalArgumentException("no slice matches --start " + byHand.startPattern()));
        Slice end = first(trace, byHand.endPattern(), start.startNs(), start)
                .orElseThrow(() -> new IllegalArgumentException("no slice matching --end " + byHand.endPattern()
                        + " starts at or after " + start.name() + " (" + start.startNs() + " ns)"));
        return new HandWindow(start.thread(), start.startNs(), Math.max(start.startNs(), end.endNs()), start.name());
    }

    private static int threadRunningAt(Trace trace, long ns) {
        int mainIndex = Math.max(0, UiThread.of(trace));
        if (runsAt(trace.threads().get(mainIndex).calls(), ns)) {
            return mainIndex;
        }
        for (int t = 0; t < trace.threads().size(); t++) {
            if (runsAt(trace.threads().get(t).calls(), ns)) {
                return t;
            }
        }
        return mainIndex;
    }

    /** Whether a call covers {@code ns} (calls are in start order). */
    private static boolean runsAt(CallTable calls, long ns) {
        for (int i = 0; i < calls.size() && calls.start(i) <= ns; i++) {
            if (calls.end(i) >= ns) {
                return true;
            }
        }
        return false;
    }

    /** A matching slice. */
    private record Slice(int thread, int call, long startNs, long endNs, String name) {
    }

    /** The earliest-starting slice matching {@code pattern} that starts at or after {@code notBefore}, other than {@code not}. */
    private static Optional<Slice> first(Trace trace, String pattern, long notBefore, Slice not) {
        SliceSelector.ByName glob = new SliceSelector.ByName(pattern);
        SliceNames names = new SliceNames(trace);
        Slice best = null;
        for (int t = 0; t < trace.threads().size(); t++) {
            CallTable calls = trace.threads().get(t).calls();
            for (int i = 0; i < calls.size(); i++) {
                long s = calls.start(i);
                if (s < notBefore || best != null && s >= best.startNs()) {
                    continue;
                }
                if (not != null && not.thread() == t && not.call() == i) {
                    continue;
                }
                MethodInfo m = trace.methods().get(calls.method(i));
                if (matches(glob, names.of(m))) {
                    best = new Slice(t, i, s, calls.end(i), m.fullName());
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** Whether a name of the slice matches; an agent-log {@code KIND:name} also answers to its bare name. */
    private static boolean matches(SliceSelector.ByName glob, List<String> names) {
        for (String n : names) {
            int colon = n.indexOf(':');
            if (glob.matches(n) || colon > 0 && glob.matches(n.substring(colon + 1))) {
                return true;
            }
        }
        return false;
    }
}
