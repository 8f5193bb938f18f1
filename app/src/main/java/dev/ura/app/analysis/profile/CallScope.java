package dev.ura.app.analysis.profile;

import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Which calls a profile or call graph covers: one thread (by name, or by id written as digits) or
 * all, and a time window in ns on the trace's time base. Calls that overlap the window count, with
 * their times clipped to it; a zero-length call counts when it lies inside the window.
 *
 * <p>Idle time ({@link dev.ura.app.analysis.events.IdleMethods}: parked, sleeping, waiting on a
 * queue or a monitor, a looper polling) is not work: unless {@code includeIdle}, idle calls are
 * left out with everything they call, and their time is taken off every call around them.
 *
 * @param thread      a thread name or id, or {@code null} for all threads
 * @param fromNs      window start (inclusive); {@link Long#MIN_VALUE} for no bound
 * @param toNs        window end; {@link Long#MAX_VALUE} for no bound
 * @param includeIdle whether idle calls count as work (off by default)
 */
public record CallScope(String thread, long fromNs, long toNs, boolean includeIdle) {

    /** A scope that leaves idle time out. */
    public CallScope(String thread, long fromNs, long toNs) {
        this(thread, fromNs, toNs, false);
    }

    public CallScope {
        if (fromNs > toNs) {
            throw new IllegalArgumentException("time window ends (" + toNs + " ns) before it starts (" + fromNs + " ns)");
        }
    }

    /** Every thread, the whole trace. */
    public static CallScope all() {
        return new CallScope(null, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** One thread (or all for {@code null}), the whole trace. */
    public static CallScope thread(String thread) {
        return new CallScope(thread, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** The same threads within {@code [fromNs, toNs]}. */
    public CallScope within(long from, long to) {
        return new CallScope(thread, from, to, includeIdle);
    }

    /** The same scope, counting idle calls as work or not. */
    public CallScope withIdle(boolean include) {
        return new CallScope(thread, fromNs, toNs, include);
    }

    /** Whether the window is the whole trace. */
    public boolean unbounded() {
        return fromNs == Long.MIN_VALUE && toNs == Long.MAX_VALUE;
    }

    /** Whether a call {@code [start, end]} counts. */
    public boolean overlaps(long start, long end) {
        return (start < toNs && end > fromNs) || (start == end && start >= fromNs && start <= toNs);
    }

    /** The threads of {@code trace} this scope selects (all of them when {@link #thread()} is null). */
    public List<ThreadTrack> select(Trace trace) {
        if (thread == null) {
            return trace.threads();
        }
        List<ThreadTrack> out = new ArrayList<>();
        for (ThreadTrack t : trace.threads()) {
            if (t.name().equals(thread) || Long.toString(t.id()).equals(thread)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Whether the trace has a thread of this name or id ({@code true} for all threads). */
    public boolean matchesAny(Trace trace) {
        return thread == null || !select(trace).isEmpty();
    }
}
