package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.util.OneLine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The thread a response set by hand on a system trace runs on (docs/system-responses.md §8): the
 * UI thread of the process the user named, else of the app whose UI thread runs the most inside
 * the window. A trace with several apps (the launcher, systemui, the app under test) has several
 * main threads; the first one, or the one running at the window's start, is often not the app the
 * user looked at.
 */
public final class HandThread {
    private HandThread() {
    }

    /**
     * The UI thread of {@code process} (a pid, or a process name: exact, else the one name ending in
     * {@code .process}), or, when {@code process} is {@code null}, of the app process whose UI
     * thread runs longest over [{@code fromNs}, {@code toNs}] (scheduler states; slices when the trace
     * has none); -1 when no app's UI thread runs in the window.
     *
     * @throws IllegalArgumentException naming the processes there are, when none matches {@code process}
     */
    public static int choose(Trace trace, String process, long fromNs, long toNs) {
        SystemThreads threads = new SystemThreads(trace);
        UiFrames ui = new UiFrames(trace, threads);
        if (process != null) {
            long pid = pidOf(trace, process.strip());
            int t = ui.uiThreadOf(pid);
            if (t < 0) {
                throw new IllegalArgumentException("process " + process + " has no thread in the trace");
            }
            return t;
        }
        Set<Long> apps = new LinkedHashSet<>();
        for (int t = 0; t < trace.threads().size(); t++) {
            if (threads.app(t)) {
                apps.add(ui.pidOf(t));
            }
        }
        int best = -1;
        long bestNs = 0;
        boolean bySlices = !hasStates(trace);
        for (long pid : apps) {
            int t = ui.uiThreadOf(pid);
            if (t < 0 || t == best) {
                continue;
            }
            long ns = bySlices ? sliceTime(trace.threads().get(t).calls(), fromNs, toNs)
                    : trace.system().states().get(t).timeIn(ThreadState.RUNNING, fromNs, toNs);
            // Ties keep the earlier thread, so the choice does not depend on hash order.
            if (ns > bestNs || ns == bestNs && ns > 0 && t < best) {
                best = t;
                bestNs = ns;
            }
        }
        return best;
    }

    private static boolean hasStates(Trace trace) {
        for (ThreadStateTable st : trace.system().states()) {
            if (st.size() > 0) {
                return true;
            }
        }
        return false;
    }

    /** Time the outermost slices of a thread cover inside [from, to]. */
    private static long sliceTime(CallTable calls, long fromNs, long toNs) {
        long ns = 0;
        for (int i = 0; i < calls.size() && calls.start(i) <= toNs; i++) {
            if (calls.depth(i) == 0) {
                ns += Math.max(0, Math.min(toNs, calls.end(i)) - Math.max(fromNs, calls.start(i)));
            }
        }
        return ns;
    }

    private static long pidOf(Trace trace, String process) {
        List<ProcessInfo> ps = trace.system().processes();
        if (process.chars().allMatch(Character::isDigit) && process.length() < 19) {
            long pid = Long.parseLong(process);
            if (ps.stream().anyMatch(p -> p.pid() == pid) || trace.system().threadIndex(pid) >= 0) {
                return pid;
            }
        }
        List<ProcessInfo> named = ps.stream().filter(p -> p.name().equals(process)).toList();
        if (named.isEmpty()) {
            named = ps.stream().filter(p -> p.name().endsWith("." + process) || p.name().endsWith("/" + process))
                    .toList();
        }
        if (named.size() == 1) {
            return named.get(0).pid();
        }
        List<String> all = new ArrayList<>();
        for (ProcessInfo p : ps) {
            all.add(p.name() + " (" + p.pid() + ")");
        }
        String what = named.isEmpty() ? "no process " + process + " in the trace"
                : "--process " + process + " names " + named.size() + " processes";
        throw new IllegalArgumentException(OneLine.of(what + "; give a pid or a full name of: "
                + (all.size() > 12 ? String.join(", ", all.subList(0, 12)) + ", ..." : String.join(", ", all))));
    }
}
