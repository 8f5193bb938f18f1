package dev.ura.app.analysis.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.ThreadInfo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The slices that start responses on a system trace and when each response starts
 * (docs/system-responses.md §1): every {@code deliverInputEvent} on an app's thread, and every
 * {@code bindApplication} on a process's main thread, with the trigger stretch of §2 rule 1.
 */
final class TriggerFinder {
    private static final String INPUT = "deliverInputEvent";
    private static final String BIND = "bindApplication";
    /**
     * Jetpack Compose's {@code AndroidComposeView.dispatchTouchEvent} wraps each touch event it
     * handles in this slice (androidx.compose.ui; its other slices, {@code AndroidOwner:measureAndLayout},
     * {@code AndroidOwner:onMeasure}, {@code AndroidOwner:outOfFrameExecutor}, are layout and
     * scheduling, not input). An input only in a process that wrote no {@code deliverInputEvent}.
     */
    static final String COMPOSE_TOUCH = "AndroidOwner:onTouch";
    private static final Pattern LAUNCHING = Pattern.compile("launchingActivity#\\d+");
    private static final String LAUNCHING_PACKAGE = "launching: ";

    /**
     * @param launch     a launch ({@code bindApplication}) rather than an input
     * @param thread     the trigger slice's thread
     * @param call       its index in that thread's calls
     * @param name       the trigger as shown: the input slice's name, or {@code bindApplication <process>}
     * @param sliceStartNs the trigger slice's start (the trigger stretch starts here)
     * @param sliceEndNs its end
     * @param stretchEndNs the end of the trigger stretch (later than the slice's for a launch that
     *                   starts and resumes its activity before drawing)
     * @param start      the response's start and where it came from
     */
    record Trigger(boolean launch, int thread, int call, String name, long sliceStartNs, long sliceEndNs,
                   long stretchEndNs, InputTime.Start start) {
    }

    private final Trace trace;
    private final SystemThreads threads;
    private final UiFrames ui;

    TriggerFinder(Trace trace, SystemThreads threads, UiFrames ui) {
        this.trace = trace;
        this.threads = threads;
        this.ui = ui;
    }

    /** Every trigger, in order of response start (then thread, then slice start). */
    List<Trigger> find() {
        MethodTable methods = trace.methods();
        byte[] kind = new byte[methods.size()];
        for (int m = 0; m < kind.length; m++) {
            String name = methods.get(m).name();
            kind[m] = name.startsWith(INPUT) ? (byte) 1 : name.equals(BIND) ? (byte) 2
                    : name.equals(COMPOSE_TOUCH) ? (byte) 3 : 0;
        }
        List<Trigger> out = new ArrayList<>();
        List<Integer> composeTouches = new ArrayList<>(); // (thread, call) pairs, flattened
        for (int t = 0; t < trace.threads().size(); t++) {
            CallTable calls = trace.threads().get(t).calls();
            boolean app = threads.app(t);
            boolean main = isProcessMain(t);
            for (int i = 0; i < calls.size(); i++) {
                int k = kind[calls.method(i)];
                if (k == 1 && app) {
                    String name = methods.get(calls.method(i)).name();
                    InputTime.Start start = InputTime.of(name, calls.start(i), trace.system().clocks());
                    out.add(new Trigger(false, t, i, name, calls.start(i), calls.end(i), calls.end(i), start));
                } else if (k == 2 && main) {
                    out.add(launch(t, i));
                } else if (k == 3 && app) {
                    composeTouches.add(t);
                    composeTouches.add(i);
                }
            }
        }
        addAsyncInputs(out);
        addComposeTouches(out, composeTouches);
        out.sort(Comparator.comparingLong((Trigger g) -> g.start().startNs()).thenComparingInt(Trigger::thread)
                .thenComparingLong(Trigger::sliceStartNs));
        return out;
    }

    /**
     * Android 9 and 10 write {@code deliverInputEvent} only as an async slice ({@code S|pid|deliverInputEvent|seq}
     * when the event is queued, {@code F} when it is finished), later versions as well as the sync
     * slice {@code deliverInputEvent src=… eventTimeNano=…}: an async one is an input of its process's
     * UI thread, unless a sync one of the same process starts inside it (the same event, already found).
     */
    private void addAsyncInputs(List<Trigger> out) {
        Map<Long, List<Long>> syncStarts = new HashMap<>();
        for (Trigger g : out) {
            if (!g.launch()) {
                syncStarts.computeIfAbsent(ui.pidOf(g.thread()), k -> new ArrayList<>()).add(g.sliceStartNs());
            }
        }
        syncStarts.values().forEach(Collections::sort);
        for (AsyncSlice a : trace.system().asyncSlices()) {
            if (!a.name().equals(INPUT) || a.pid() < 0) {
                continue;
            }
            long end = a.closed() ? a.endNs() : a.startNs();
            if (containsAny(syncStarts.get(a.pid()), a.startNs(), end)) {
                continue;
            }
            int t = ui.uiThreadOf(a.pid());
            if (t < 0 || !threads.app(t)) {
                continue;
            }
            InputTime.Start start = InputTime.of(a.name(), a.startNs(), trace.system().clocks());
            out.add(new Trigger(false, t, -1, a.name(), a.startNs(), end, end, start));
        }
    }

    /**
     * App-only tracing (no {@code input} category) records no {@code deliverInputEvent}; a Compose
     * app still writes {@code AndroidOwner:onTouch} around each touch event its view handles: in a
     * process with no {@code deliverInputEvent} of either form, each is an input starting at the
     * slice (it carries no event time).
     */
    private void addComposeTouches(List<Trigger> out, List<Integer> touches) {
        if (touches.isEmpty()) {
            return;
        }
        Set<Long> delivered = new HashSet<>();
        for (Trigger g : out) {
            if (!g.launch()) {
                delivered.add(ui.pidOf(g.thread()));
            }
        }
        for (int k = 0; k < touches.size(); k += 2) {
            int t = touches.get(k);
            int i = touches.get(k + 1);
            if (delivered.contains(ui.pidOf(t))) {
                continue;
            }
            CallTable calls = trace.threads().get(t).calls();
            InputTime.Start start = new InputTime.Start(calls.start(i), false, null);
            out.add(new Trigger(false, t, i, COMPOSE_TOUCH, calls.start(i), calls.end(i), calls.end(i), start));
        }
    }

    /** Whether sorted {@code starts} has one in [{@code from}, {@code to}]. */
    private static boolean containsAny(List<Long> starts, long from, long to) {
        if (starts == null) {
            return false;
        }
        int k = Collections.binarySearch(starts, from);
        int i = k >= 0 ? k : -k - 1;
        return i < starts.size() && starts.get(i) <= to;
    }

    private boolean isProcessMain(int t) {
        ThreadInfo info = trace.system().threads().get(t);
        return info.tgid() < 0 || info.isProcessMain();
    }

    private Trigger launch(int t, int bind) {
        CallTable calls = trace.threads().get(t).calls();
        long from = calls.start(bind);
        long end = calls.end(bind);
        // Rule 1: through the activity's start and resume, when they come before the first frame.
        long stretchEnd = end;
        long lastStart = Long.MIN_VALUE;
        for (int i = bind + 1; i < calls.size(); i++) {
            String name = trace.methods().get(calls.method(i)).name();
            if (name.startsWith("Choreographer#doFrame")) {
                break;
            }
            if ((name.equals("activityStart") || name.equals("activityResume") || name.equals("activityRestart"))
                    && calls.start(i) >= lastStart) {
                lastStart = calls.start(i);
                stretchEnd = Math.max(end, calls.end(i));
            }
        }
        String process = threads.processName(t);
        String name = process.isEmpty() ? BIND : BIND + " " + process;
        long startNs = launchStart(t, from, process);
        return new Trigger(true, t, bind, name, from, end, stretchEnd, new InputTime.Start(startNs, false, null));
    }

    /**
     * The start of system_server's {@code launchingActivity#n} (or {@code launching: <package>})
     * async slice containing the bind, else the start of the process's first slice.
     */
    private long launchStart(int t, long bindStart, String process) {
        Set<Long> servers = new HashSet<>();
        for (var p : trace.system().processes()) {
            if (p.name().equals(SystemThreads.SYSTEM_SERVER)) {
                servers.add(p.pid());
            }
        }
        long best = Long.MIN_VALUE;
        for (AsyncSlice a : trace.system().asyncSlices()) {
            if (a.startNs() > bindStart || a.endNs() < bindStart || a.startNs() <= best) {
                continue;
            }
            if (!servers.isEmpty() && !servers.contains(a.pid())) {
                continue;
            }
            String n = a.name();
            boolean named = LAUNCHING.matcher(n).matches() || (n.startsWith(LAUNCHING_PACKAGE)
                    && (process.isEmpty() || n.substring(LAUNCHING_PACKAGE.length()).equals(process)));
            if (named) {
                best = a.startNs();
            }
        }
        if (best != Long.MIN_VALUE) {
            return best;
        }
        long pid = trace.system().threads().get(t).tgid();
        long first = bindStart;
        for (int u = 0; u < trace.threads().size(); u++) {
            boolean same = u == t || (pid >= 0 && trace.system().threads().get(u).tgid() == pid);
            CallTable c = trace.threads().get(u).calls();
            if (same && c.size() > 0) {
                first = Math.min(first, c.start(0));
            }
        }
        return first;
    }
}
