package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * System traces: the critical path waited for a CPU (runnable) for at least
 * {@link FindingThresholds#minRunnableNs()} in all. Names the threads that held the CPUs: for each
 * runnable piece, every thread that ran on the CPU the waiting thread next ran on during the
 * piece, with how long, summed over the pieces. No what-if: the fix is outside the slices (fewer
 * threads competing, less work in other processes, the waiting thread's priority).
 */
public final class CpuContentionRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "cpu-contention";
    /** Holders named in the message. */
    private static final int NAMED = 3;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        if (!ctx.system()) {
            return List.of();
        }
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        Set<Integer> waiting = new LinkedHashSet<>();
        Map<Integer, Long> held = new LinkedHashMap<>();
        for (Segment s : ctx.path()) {
            if (s.category() != Category.RUNNABLE || s.durationNs() <= 0) {
                continue;
            }
            total += s.durationNs();
            start = Math.min(start, s.startNs());
            end = Math.max(end, s.endNs());
            waiting.add(s.thread());
            holders(ctx, s, held);
        }
        if (total < ctx.thresholds().minRunnableNs() || total == 0) {
            return List.of();
        }
        SystemFacts facts = ctx.systemFacts();
        List<Map.Entry<Integer, Long>> byTime = new ArrayList<>(held.entrySet());
        byTime.sort(Map.Entry.<Integer, Long>comparingByValue().reversed());
        List<String> names = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : byTime.subList(0, Math.min(NAMED, byTime.size()))) {
            names.add(facts.label(e.getKey()) + " " + FindingContext.ms(e.getValue()));
        }
        List<String> waiters = new ArrayList<>();
        for (int t : waiting) {
            waiters.add(ctx.trace().threads().get(t).name());
        }
        long duration = Math.max(1, ctx.response().durationNs());
        String message = "The critical path waited " + FindingContext.ms(total) + " for a CPU ("
                + FindingContext.percent((double) total / duration) + " of this response, runnable on "
                + String.join(", ", waiters) + "): the CPUs were busy with "
                + (names.isEmpty() ? "threads the trace does not show" : String.join(", ", names)
                + (byTime.size() > NAMED ? " and " + (byTime.size() - NAMED) + " more" : ""))
                + ". Fewer threads competing with the response (background work started later, less work in"
                + " other processes) or a higher priority for the waiting thread would give that time back.";
        return List.of(new Finding(ID, ctx.thresholds().severityFor(total), message, start, end,
                waiting.size() == 1 ? waiting.iterator().next() : -1, List.of(), null, 0));
    }

    /**
     * Adds who ran on the CPU the segment's thread next ran on, during the segment, to {@code held}
     * (the CPU of its next running state, else the runnable state's target CPU).
     */
    private static void holders(FindingContext ctx, Segment s, Map<Integer, Long> held) {
        List<ThreadStateTable> states = ctx.trace().system().states();
        if (s.thread() >= states.size()) {
            return;
        }
        ThreadStateTable own = states.get(s.thread());
        int i = own.indexAt(s.startNs());
        int cpu = -1;
        for (int j = Math.max(0, i); j >= 0 && j < own.size() && cpu < 0 && j <= i + 2; j++) {
            if (own.state(j) == ThreadState.RUNNING && own.start(j) >= s.startNs()) {
                cpu = own.cpu(j);
            }
        }
        if (cpu < 0 && i >= 0) {
            cpu = own.cpu(i);
        }
        if (cpu < 0) {
            return;
        }
        for (int t = 0; t < states.size(); t++) {
            if (t == s.thread()) {
                continue;
            }
            ThreadStateTable st = states.get(t);
            for (int j = st.firstEndingAfter(s.startNs()); j < st.size() && st.start(j) < s.endNs(); j++) {
                if (st.state(j) == ThreadState.RUNNING && st.cpu(j) == cpu) {
                    long overlap = Math.min(st.end(j), s.endNs()) - Math.max(st.start(j), s.startNs());
                    if (overlap > 0) {
                        held.merge(t, overlap, Long::sum);
                    }
                }
            }
        }
    }
}
