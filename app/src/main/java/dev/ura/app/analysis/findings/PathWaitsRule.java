package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.system.SystemThreads;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * System traces: what the user waited for on the critical path — its {@code wait} pieces (sleeps
 * the walk did not follow to another thread), grouped by thread, slice and what ended them: vsync
 * (the display's next frame), an interrupt (the network, a timer or an I/O completion, or a kernel
 * interrupt thread, named: a hardware interrupt's handler, a softirq, deferred work), another
 * thread, or no recorded wakeup. Reported when they add up to {@link FindingThresholds#minWaitNs()}. When the
 * longest non-vsync wait is inside a slice of the app's own work, the suggestion runs that slice
 * in parallel — started with the response — when that saves time; when it does not (the slice
 * already starts with the response), the message says only doing it before the input would.
 */
public final class PathWaitsRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "waits-on-path";
    /** Groups named in the message. */
    private static final int NAMED = 4;

    @Override
    public String id() {
        return ID;
    }

    /** The waits of one thread in one slice for one cause. */
    private record Key(int thread, int call, String cause) {
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        if (!ctx.system()) {
            return List.of();
        }
        SystemFacts facts = ctx.systemFacts();
        Map<Key, Long> byKey = new LinkedHashMap<>();
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Segment s : ctx.path()) {
            if (s.category() != Category.WAIT || s.durationNs() <= 0) {
                continue;
            }
            int call = s.call() != null ? s.call().call() : facts.sliceOver(s.thread(), s.startNs(), s.endNs());
            byKey.merge(new Key(s.thread(), call, cause(ctx, s)), s.durationNs(), Long::sum);
            total += s.durationNs();
            start = Math.min(start, s.startNs());
            end = Math.max(end, s.endNs());
        }
        if (total == 0 || total < ctx.thresholds().minWaitNs()) {
            return List.of();
        }
        List<Map.Entry<Key, Long>> groups = new ArrayList<>(byKey.entrySet());
        groups.sort(Map.Entry.<Key, Long>comparingByValue().reversed());
        List<String> parts = new ArrayList<>();
        Key prefetch = null;
        for (Map.Entry<Key, Long> e : groups) {
            Key k = e.getKey();
            String slice = k.call() < 0 ? null : facts.sliceName(k.thread(), k.call());
            if (parts.size() < NAMED) {
                parts.add(FindingContext.ms(e.getValue()) + " on " + ctx.trace().threads().get(k.thread()).name()
                        + (slice == null ? "" : " in " + slice) + " for " + k.cause());
            }
            if (prefetch == null && slice != null && !k.cause().equals(VSYNC) && !SystemFacts.isContainer(slice)) {
                prefetch = k;
            }
        }
        String prefetchName = prefetch == null ? null : facts.sliceName(prefetch.thread(), prefetch.call());
        Change fix = prefetchName == null ? null : new Change.RunInParallel(new SliceSelector.ByName(prefetchName));
        long saved = fix == null ? 0 : ctx.saving(fix);
        if (saved <= 0) {
            fix = null; // started with the response it still waits as long: no what-if helps
        }
        long duration = Math.max(1, ctx.response().durationNs());
        String message = "The user waited " + FindingContext.ms(total) + " ("
                + FindingContext.percent((double) total / duration) + " of this response) with no thread on the"
                + " critical path running: " + String.join("; ", parts)
                + (groups.size() > NAMED ? "; and " + (groups.size() - NAMED) + " more" : "") + "."
                + (prefetchName == null ? "" : fix != null ? " Starting " + prefetchName
                + " with the response would make it about " + FindingContext.ms(saved) + " faster."
                : " Starting " + prefetchName + " with the response would not save time here: only doing it"
                + " before the input (a prefetch when the screen opens, or a cache) would shorten that wait.");
        List<SliceRef> calls = new ArrayList<>();
        if (prefetch != null) {
            calls.add(new SliceRef(prefetch.thread(), prefetch.call()));
        }
        return List.of(new Finding(ID, ctx.thresholds().severityFor(saved), message, start, end, -1, calls, fix, saved));
    }

    private static final String VSYNC = "vsync (the display's next frame)";

    /** What ended the sleep a wait piece lies in. */
    private static String cause(FindingContext ctx, Segment s) {
        if ("vsync".equals(s.name())) {
            return VSYNC;
        }
        List<ThreadStateTable> states = ctx.trace().system().states();
        if (s.thread() >= states.size()) {
            return "an unknown wakeup";
        }
        ThreadStateTable st = states.get(s.thread());
        int i = st.indexAt(s.startNs());
        String blocked = i < 0 ? null : st.blockedFunction(i);
        String in = blocked == null ? "" : " (blocked in " + blocked + ")";
        int waker = i < 0 ? ThreadStateTable.WAKER_NONE : st.waker(i);
        if (waker == ThreadStateTable.WAKER_INTERRUPT) {
            return "an interrupt: the network, a timer or an I/O completion" + in;
        }
        String source = waker >= 0 ? SystemThreads.interruptSource(ctx.trace().threads().get(waker).name()) : null;
        if (source != null) {
            // A kernel interrupt thread is the interrupt itself (docs/system-responses.md §2): the
            // hardware woke its handler, not another thread of the system.
            return "an interrupt: " + source + in;
        }
        if (waker >= 0) {
            return "a wakeup by " + ctx.systemFacts().label(waker) + in;
        }
        return "a wakeup the trace did not record" + in;
    }
}
