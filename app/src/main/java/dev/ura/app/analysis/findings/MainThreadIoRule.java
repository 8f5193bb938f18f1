package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * System traces: the app's main thread in uninterruptible sleep (D, usually block I/O) during the
 * response, per slice it slept in, with the kernel functions it blocked in. The screen cannot
 * update meanwhile. A slice whose name says it writes is suggested to be deferred until after the
 * update is drawn; any other to run in parallel (on a background thread, started with the
 * response). Sleeps in no slice, or in the framework's own containers (the input, the frame),
 * are reported without a suggestion.
 */
public final class MainThreadIoRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "io-on-main-thread";

    @Override
    public String id() {
        return ID;
    }

    /** The D sleeps inside one slice (or outside any: call -1). */
    private static final class Sleeps {
        final int call;
        final Set<String> functions = new LinkedHashSet<>();
        long total;
        long critical;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;

        Sleeps(int call) {
            this.call = call;
        }
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        int main = ctx.mainThread();
        if (!ctx.system() || main < 0 || main >= ctx.trace().system().states().size()) {
            return List.of();
        }
        Response r = ctx.response();
        SystemFacts facts = ctx.systemFacts();
        ThreadStateTable st = ctx.trace().system().states().get(main);
        Map<String, Sleeps> bySlice = new LinkedHashMap<>();
        for (int i = st.firstEndingAfter(r.startNs()); i < st.size() && st.start(i) < r.endNs(); i++) {
            if (st.state(i) != ThreadState.UNINTERRUPTIBLE) {
                continue;
            }
            long a = Math.max(st.start(i), r.startNs());
            long b = Math.min(st.end(i), r.endNs());
            int call = facts.sliceOver(main, a, b);
            String name = call < 0 ? "" : facts.sliceName(main, call);
            Sleeps s = bySlice.computeIfAbsent(name, n -> new Sleeps(call));
            s.total += b - a;
            s.critical += onPathAsIo(ctx, main, a, b);
            s.start = Math.min(s.start, a);
            s.end = Math.max(s.end, b);
            String f = st.blockedFunction(i);
            if (f != null) {
                s.functions.add(f);
            }
        }
        List<Finding> out = new ArrayList<>();
        bySlice.forEach((name, s) -> {
            if (s.total < ctx.thresholds().minMainThreadStorageNs()) {
                return;
            }
            boolean movable = s.call >= 0 && !SystemFacts.isContainer(name);
            boolean writes = movable && SystemFacts.writes(name);
            Change fix = !movable ? null : writes ? new Change.Defer(new SliceSelector.ByName(name))
                    : new Change.RunInParallel(new SliceSelector.ByName(name));
            long saved = fix == null ? 0 : ctx.saving(fix);
            String where = s.call < 0 ? "outside any slice" : "in " + name;
            String message = "The main thread waited for I/O (uninterruptible sleep) " + where + ": "
                    + FindingContext.ms(s.total) + " during this response (" + FindingContext.ms(s.critical)
                    + " on its critical path)" + (s.functions.isEmpty() ? "" : ", blocked in "
                    + String.join(", ", s.functions)) + ", while the screen cannot update. "
                    + (fix == null ? (s.call < 0 ? "Move the I/O to a background thread."
                    : name + " is the framework's or the runtime's own work: no what-if is suggested.")
                    : (writes ? "Write on a background thread after the update is drawn"
                    : "Do it on a background thread, started with the response")
                    + (saved > 0 ? ": the response would be about " + FindingContext.ms(saved) + " faster."
                    : "; it does not delay this response, but it blocks the main thread."));
            List<SliceRef> calls = s.call < 0 ? List.of() : List.of(new SliceRef(main, s.call));
            out.add(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, s.critical)), message, s.start, s.end,
                    main, calls, fix, saved));
        });
        return out;
    }

    /** The part of {@code [a, b)} the critical path spends in I/O on the main thread. */
    private static long onPathAsIo(FindingContext ctx, int main, long a, long b) {
        long sum = 0;
        for (var seg : ctx.path()) {
            if (seg.thread() == main && seg.category() == Category.IO) {
                sum += Math.max(0, Math.min(b, seg.endNs()) - Math.max(a, seg.startNs()));
            }
        }
        return sum;
    }
}
