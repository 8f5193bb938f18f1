package dev.ura.app.analysis.response;

import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.List;

/**
 * Whether a response was cut off: some of its tracked work was still running when the recording
 * stopped. The Android method-trace reader closes a call still open at the end at its thread's
 * last recorded time (and warns),
 * so tracked work that ends exactly there did not end: the trace stopped. Its duration, end and
 * "done" are then only what the file shows, not the response's (the first 30 KB of a launch trace
 * end inside the launch's background task and give 89.5 ms for a 629.4 ms response).
 *
 * <p>System traces (docs/system-responses.md §2): a tracked stretch lasts until its thread falls into
 * a sleep that ends the work, else until its recorded states end, else until the trace's end; the
 * reader closes a slice never ended at the trace's end too. A stretch that reaches the trace's end
 * was still running (or waiting for tracked work, I/O or an interrupt) when the recording stopped.
 */
public final class CutOff {
    private final long[] threadEndNs;
    private final boolean applies;
    /** System traces: the trace's end, where stretches still running stop; else MIN_VALUE. */
    private final long systemEndNs;
    private final List<ThreadStateTable> states;

    /** Each thread's last recorded time, from the calls of {@code trace}. */
    public CutOff(Trace trace) {
        // Only Android method traces: there a thread's outer calls (Looper.loop, Thread.run) are
        // still open when tracing stops, so its last time is the recording's end and tracked work
        // ending there was cut. In system traces and agent logs a thread's last slice or interval
        // ends when the thread goes idle (every complete sample agent log would read "cut off"),
        // so the same test is no evidence there. System traces are judged by their tracked stretches
        // (cutOff(SystemWork, boolean)); agent logs not (yet).
        applies = "android-trace".equals(trace.metadata().format()) && !trace.system().present();
        systemEndNs = trace.system().present() ? trace.lastTimeNs() : Long.MIN_VALUE;
        states = trace.system().present() ? trace.system().states() : List.of();
        threadEndNs = new long[applies ? trace.threads().size() : 0];
        for (int t = 0; t < threadEndNs.length; t++) {
            CallTable calls = trace.threads().get(t).calls();
            long last = Long.MIN_VALUE;
            for (int c = 0; c < calls.size(); c++) {
                last = Math.max(last, calls.end(c));
            }
            threadEndNs[t] = last;
        }
    }

    /**
     * Whether a system trace's response was cut off: one of its tracked stretches (of a detected
     * response: a response set by hand ends where the user said) reaches the trace's end.
     */
    public boolean cutOff(SystemWork system, boolean byHand) {
        if (byHand || systemEndNs == Long.MIN_VALUE) {
            return false;
        }
        for (TrackedStretch s : system.stretches()) {
            if (s.toNs() >= systemEndNs && s.toNs() > s.fromNs() && waitingAtEnd(s.thread())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether thread {@code t} was still in the response's work when the trace ends: it has no
     * scheduler states (a slice the reader closed at the end: nothing else ends there), or its last
     * state lasts to the end — running, runnable, in I/O, or asleep on something not yet come. A
     * thread switched out on the trace's last line (its last state is empty, open to the end) was
     * still in the work when preempted or put in I/O there; one that fell asleep there (or exited)
     * had ended its part, as a sleep with no recorded wakeup ends a stretch anywhere (rule 5).
     */
    private boolean waitingAtEnd(int t) {
        if (t < 0 || t >= states.size() || states.get(t).size() == 0) {
            return true;
        }
        ThreadStateTable st = states.get(t);
        int last = st.size() - 1;
        if (st.end(last) < systemEndNs) {
            return false;
        }
        ThreadState state = st.state(last);
        return !st.endsOpen() || state.isRunnable() || state == ThreadState.UNINTERRUPTIBLE;
    }

    /** Whether an interval of {@code work}'s tracked events ends at its thread's last recorded time. */
    public boolean cutOff(ResponseWork work) {
        if (!applies) {
            return false;
        }
        EventTable events = work.events();
        EventSet tracked = work.tracked();
        for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
            int t = events.thread(e);
            if (events.isInterval(e) && t >= 0 && t < threadEndNs.length && threadEndNs[t] != Long.MIN_VALUE
                    && events.end(e) > events.start(e) && events.end(e) >= threadEndNs[t]) {
                return true;
            }
        }
        return false;
    }
}
