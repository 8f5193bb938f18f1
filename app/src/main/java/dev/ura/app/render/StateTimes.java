package dev.ura.app.render;

import dev.ura.trace.model.system.ThreadStateTable;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a thread spent a stretch of time, by strip state (a slice's details, a strip tooltip over a
 * fold). Time the scheduler data does not cover counts as unknown, so the five add up to the
 * stretch.
 *
 * @param byState      ns per {@link StripState}, indexed by ordinal
 * @param runningOnCpu running ns per CPU (CPUs the data names; running time without a CPU is left out)
 * @param intervals    how many state intervals the stretch overlaps
 */
public record StateTimes(long[] byState, SortedMap<Integer, Long> runningOnCpu, int intervals) {

    /** The breakdown of {@code [fromNs, toNs)}: one pass over the intervals it overlaps. */
    public static StateTimes of(ThreadStateTable st, long fromNs, long toNs) {
        long[] by = new long[StripState.values().length];
        SortedMap<Integer, Long> cpus = new TreeMap<>();
        long covered = 0;
        int n = 0;
        for (int i = st.firstEndingAfter(fromNs); i < st.size() && st.start(i) < toNs; i++) {
            long d = Math.min(st.end(i), toNs) - Math.max(st.start(i), fromNs);
            if (d <= 0) {
                continue;
            }
            StripState s = StripState.of(st.state(i));
            by[s.ordinal()] += d;
            covered += d;
            n++;
            if (s == StripState.RUNNING && st.cpu(i) >= 0) {
                cpus.merge(st.cpu(i), d, Long::sum);
            }
        }
        by[StripState.UNKNOWN.ordinal()] += Math.max(0, toNs - fromNs - covered);
        return new StateTimes(by, Collections.unmodifiableSortedMap(cpus), n);
    }

    public long of(StripState s) {
        return byState[s.ordinal()];
    }

    /** Length of the stretch. */
    public long totalNs() {
        long sum = 0;
        for (long v : byState) {
            sum += v;
        }
        return sum;
    }

    /** The state with the most time (the first in legend order of equals). */
    public StripState dominant() {
        StripState best = StripState.RUNNING;
        for (StripState s : StripState.values()) {
            if (of(s) > of(best)) {
                best = s;
            }
        }
        return best;
    }
}
