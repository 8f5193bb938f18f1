package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * System traces: a thread blocked on a lock held by another thread, found two ways.
 * <ul>
 * <li>ART's contention slices on a thread of the critical path (or the main thread) during the
 *     response: {@code Lock contention on <lock> (owner tid: N)} and
 *     {@code monitor contention with owner <name> (N) at …}; the owner is named by its tid.</li>
 * <li>On the path, without such a slice: a thread that went to sleep inside a slice and was woken
 *     (a wakeup, not binder) by a thread that had been running or runnable, never asleep, since
 *     before the sleep began: it waited for something that thread held (a lock, or a result it
 *     was still computing).</li>
 * </ul>
 * When the owner's slice at the release is known (the one it was in when it woke the waiting
 * thread, else the last one it ended during the wait) and is not the framework's, the suggestion
 * speeds it up ×2: the lock is held for less time.
 */
public final class LockContentionRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "lock-contention";
    private static final Pattern ART_LOCK = Pattern.compile("^Lock contention on (.+?) \\(owner tid: (\\d+)\\)");
    private static final Pattern MONITOR = Pattern.compile("^monitor contention with owner (.+?) \\((\\d+)\\)");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        if (!ctx.system()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        List<long[]> reported = new ArrayList<>();
        fromSlices(ctx, out, reported);
        fromPath(ctx, out, reported);
        return out;
    }

    /** Contention slices on the path's threads and the main thread. */
    private void fromSlices(FindingContext ctx, List<Finding> out, List<long[]> reported) {
        Response r = ctx.response();
        SystemFacts facts = ctx.systemFacts();
        Set<Integer> threads = new LinkedHashSet<>();
        threads.add(ctx.mainThread());
        for (Segment s : ctx.path()) {
            threads.add(s.thread());
        }
        for (int t : threads) {
            if (t < 0) {
                continue;
            }
            CallTable calls = ctx.trace().threads().get(t).calls();
            int first = facts.sliceAt(t, r.startNs());
            while (first > 0 && calls.parent(first) >= 0) {
                first = calls.parent(first);
            }
            for (int c = Math.max(0, first); c < calls.size() && calls.start(c) < r.endNs(); c++) {
                if (calls.end(c) <= r.startNs()) {
                    continue;
                }
                String name = facts.sliceName(t, c);
                Matcher art = ART_LOCK.matcher(name);
                Matcher monitor = MONITOR.matcher(name);
                String lock;
                String ownerName;
                long ownerTid;
                if (art.find()) {
                    lock = art.group(1);
                    ownerName = null;
                    ownerTid = Long.parseLong(art.group(2));
                } else if (monitor.find()) {
                    lock = "a monitor";
                    ownerName = monitor.group(1);
                    ownerTid = Long.parseLong(monitor.group(2));
                } else {
                    continue;
                }
                long a = Math.max(calls.start(c), r.startNs());
                long b = Math.min(calls.end(c), r.endNs());
                // On the path when it ends: the walk went through the owner for the whole wait.
                long critical = SystemFacts.onPathAt(ctx.path(), t, b - 1) ? SystemFacts.onPath(ctx.path(), -1, a, b)
                        : SystemFacts.onPath(ctx.path(), t, a, b);
                if (b - a < ctx.thresholds().minWaitNs() || (critical == 0 && t != ctx.mainThread())) {
                    continue;
                }
                int owner = ctx.trace().system().threadIndex(ownerTid);
                String ownerLabel = owner >= 0 ? facts.label(owner)
                        : (ownerName == null ? "tid" : ownerName) + " " + ownerTid + " (not in the trace)";
                reported.add(new long[] {t, a, b});
                out.add(finding(ctx, t, a, b, critical, new SliceRef(t, c), owner, ownerLabel,
                        facts.label(t) + " waited " + FindingContext.ms(b - a) + " for " + lock + " held by "
                                + ownerLabel + " (" + FindingContext.ms(critical) + " on the critical path)"));
            }
        }
    }

    /** Sleeps on the path ended by a thread that was busy since before they began. */
    private void fromPath(FindingContext ctx, List<Finding> out, List<long[]> reported) {
        List<Segment> path = ctx.path();
        SystemFacts facts = ctx.systemFacts();
        List<ThreadStateTable> states = ctx.trace().system().states();
        for (int k = 1; k < path.size(); k++) {
            Segment cur = path.get(k);
            Segment prev = path.get(k - 1);
            int sleeper = cur.thread();
            int waker = prev.thread();
            if (cur.via() != LinkKind.WAKEUP || waker == sleeper || sleeper >= states.size() || waker >= states.size()) {
                continue;
            }
            ThreadStateTable own = states.get(sleeper);
            int i = own.indexAt(cur.startNs() - 1);
            if (i < 0 || own.state(i) != ThreadState.SLEEPING || own.waker(i) != waker) {
                continue;
            }
            long sleepStart = own.start(i);
            long wake = own.end(i);
            int inside = facts.sliceOver(sleeper, sleepStart, wake);
            if (inside < 0 || !busyThroughout(states.get(waker), sleepStart, wake) || overlaps(reported, sleeper, sleepStart, wake)) {
                continue;
            }
            long a = Math.max(sleepStart, ctx.response().startNs());
            long critical = SystemFacts.onPath(path, waker, a, wake);
            if (wake - a < ctx.thresholds().minWaitNs()) {
                continue;
            }
            String ownerLabel = facts.label(waker);
            out.add(finding(ctx, sleeper, a, wake, critical, new SliceRef(sleeper, inside), waker, ownerLabel,
                    facts.label(sleeper) + " slept " + FindingContext.ms(wake - a) + " in "
                            + facts.sliceName(sleeper, inside) + " until " + ownerLabel + " woke it; " + ownerLabel
                            + " had been running since before the sleep began, so it held what "
                            + ctx.trace().threads().get(sleeper).name() + " waited for (a lock, or a result it was"
                            + " still computing) (" + FindingContext.ms(critical) + " on the critical path)"));
        }
    }

    private Finding finding(FindingContext ctx, int thread, long a, long b, long critical, SliceRef blocked,
                            int owner, String ownerLabel, String what) {
        SystemFacts facts = ctx.systemFacts();
        long release = owner < 0 ? b : releasedAt(ctx, thread, owner, a, b);
        int held = owner < 0 ? -1 : facts.sliceAt(owner, release - 1);
        if (held < 0 && owner >= 0) {
            held = facts.lastEndedIn(owner, a, release); // it let go right after its work ended
        }
        String heldName = held < 0 ? null : facts.sliceName(owner, held);
        Change fix = heldName == null || SystemFacts.isContainer(heldName) ? null
                : new Change.SpeedUp(new SliceSelector.ByName(heldName), 2);
        long saved = fix == null ? 0 : ctx.saving(fix);
        String message = what + ". " + (heldName == null ? "Hold the lock for less time, or do not take it here."
                : ownerLabel + " was in " + heldName + " when it let go: "
                + (fix == null ? "hold the lock for less time, or do not take it here."
                : "at twice the speed the response would be about " + FindingContext.ms(saved) + " faster;"
                + " holding the lock for less time, or not taking it here, may save more."));
        return new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, critical)), message, a, b, thread,
                List.of(blocked), fix, saved);
    }

    /**
     * When the owner let the waiting thread go: the end of its last sleep in {@code [a, b]} that
     * the owner ended, else {@code b}.
     */
    private static long releasedAt(FindingContext ctx, int thread, int owner, long a, long b) {
        ThreadStateTable st = ctx.trace().system().states().get(thread);
        long release = b;
        for (int i = st.firstEndingAfter(a); i < st.size() && st.end(i) <= b; i++) {
            if (st.state(i).isSleep() && st.waker(i) == owner) {
                release = st.end(i);
            }
        }
        return release;
    }

    /** Whether the thread had a state at {@code from} and never slept (S or D) in {@code [from, to)}. */
    private static boolean busyThroughout(ThreadStateTable st, long from, long to) {
        int i = st.indexAt(from);
        if (i < 0) {
            return false;
        }
        for (; i < st.size() && st.start(i) < to; i++) {
            ThreadState s = st.state(i);
            if (s != ThreadState.RUNNING && !s.isRunnable()) {
                return false;
            }
        }
        return true;
    }

    private static boolean overlaps(List<long[]> reported, int thread, long a, long b) {
        for (long[] x : reported) {
            if (x[0] == thread && x[1] < b && a < x[2]) {
                return true;
            }
        }
        return false;
    }
}
