package dev.ura.app.ui.timeline;

import dev.ura.app.render.CpuIndex;
import dev.ura.app.render.StateTimes;
import dev.ura.app.render.StripState;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.render.TimelineScene;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

/**
 * The tooltip of a lane's thread-state strip: the state under the pointer, how long it lasted and
 * when, and what it waited for (for a runnable stretch: who woke the thread and who held the CPU
 * it then ran on). Where the strip folds states narrower than a few pixels, the time of each
 * state in the pixels around the pointer instead.
 */
final class StateTooltips {
    private StateTooltips() {
    }

    static String at(TimelineScene scene, int thread, int x) {
        Trace trace = scene.index().trace();
        if (thread >= trace.system().states().size()) {
            return null;
        }
        ThreadStateTable st = trace.system().states().get(thread);
        double nsPerPx = scene.axis().nsPerPx();
        long t = scene.axis().toNs(x);
        int i = st.indexAt(t);
        double minNs = scene.metrics().minSlice() * nsPerPx;
        if (i < 0 || st.end(i) - st.start(i) < minNs) {
            long half = (long) Math.ceil(minNs);
            StateTimes times = StateTimes.of(st, t - half, t + half);
            if (times.intervals() > 1) {
                return mixed(times);
            }
            if (i < 0) {
                return "<html>No scheduler state recorded here</html>";
            }
        }
        return single(scene, st, i);
    }

    /** Several states in the pixels around the pointer: their shares. */
    private static String mixed(StateTimes times) {
        StringBuilder sb = new StringBuilder("<html><b>").append(times.intervals())
                .append(" states in ").append(TimeFormat.duration(times.totalNs())).append("</b> (zoom in to see each)");
        for (StripState s : StripState.values()) {
            if (times.of(s) > 0) {
                sb.append("<br>").append(s.label()).append(": ").append(TimeFormat.duration(times.of(s)))
                        .append(String.format(java.util.Locale.ROOT, " (%.0f%%)", 100.0 * times.of(s) / times.totalNs()));
            }
        }
        return sb.append("</html>").toString();
    }

    private static String single(TimelineScene scene, ThreadStateTable st, int i) {
        Trace trace = scene.index().trace();
        ThreadState s = st.state(i);
        long origin = scene.index().startNs();
        StringBuilder sb = new StringBuilder("<html><b>").append(StripState.of(s).label());
        if (StripState.of(s) == StripState.UNKNOWN && s != ThreadState.UNKNOWN) {
            sb.append(" (").append(SliceDescriptions.escape(s.letter())).append(')');
        }
        sb.append("</b> ").append(TimeFormat.duration(st.end(i) - st.start(i)))
                .append("<br>+").append(TimeFormat.duration(st.start(i) - origin))
                .append(" → +").append(TimeFormat.duration(st.end(i) - origin));
        if (s == ThreadState.RUNNING && st.cpu(i) >= 0) {
            sb.append("<br>on CPU ").append(st.cpu(i));
        }
        String blocked = st.blockedFunction(i);
        if (blocked != null) {
            sb.append("<br>blocked in ").append(SliceDescriptions.escape(blocked));
        }
        int waker = st.waker(i);
        if (waker == ThreadStateTable.WAKER_INTERRUPT) {
            sb.append("<br>woken from an interrupt (I/O completion, timer, input)");
        } else if (waker >= 0 && waker < trace.threads().size()) {
            sb.append("<br>woken by ").append(SliceDescriptions.escape(threadLabel(trace, waker)));
        }
        if (s.isRunnable()) {
            sb.append("<br>").append(SliceDescriptions.escape(waitedFor(scene.index().cpus(), trace, st, i)));
        }
        return sb.append("</html>").toString();
    }

    /**
     * "waiting for CPU n (held by name tid)", as the critical path names it: the CPU the thread ran
     * on next (else the one the wakeup targeted) and who ran there for most of the wait.
     */
    static String waitedFor(CpuIndex cpus, Trace trace, ThreadStateTable st, int i) {
        int cpu = i + 1 < st.size() && st.state(i + 1) == ThreadState.RUNNING && st.cpu(i + 1) >= 0
                ? st.cpu(i + 1) : st.cpu(i);
        if (cpu < 0) {
            return "waiting for a CPU";
        }
        int holder = cpus.holder(cpu, st.start(i), st.end(i));
        return holder < 0 ? "waiting for CPU " + cpu
                : "waiting for CPU " + cpu + " (held by " + threadLabel(trace, holder) + ")";
    }

    /** A thread's name and kernel id, e.g. {@code surfaceflinger 500}. */
    static String threadLabel(Trace trace, int thread) {
        String name = trace.threads().get(thread).name();
        return thread < trace.system().threads().size() ? name + " " + trace.system().threads().get(thread).tid() : name;
    }
}
