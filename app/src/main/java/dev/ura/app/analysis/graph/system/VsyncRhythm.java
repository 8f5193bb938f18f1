package dev.ura.app.analysis.graph.system;

import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.trace.model.system.WakeupTable;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The display's rhythm on a system trace, from the times vsync threads (SurfaceFlinger's) woke
 * anyone: one tick per vsync, however many threads it woke. The median interval between ticks
 * 4–50 ms apart, averaged over the intervals within 20 % of it, when at least
 * {@value FrameCadence#MIN_INTERVALS} such intervals make most of them; else none (an idle display
 * wakes nobody, so a short trace may not show it).
 */
final class VsyncRhythm {
    private VsyncRhythm() {
    }

    /** The rhythm of the wakeups made by threads {@code isVsyncWaker} accepts, if regular. */
    static Optional<FrameCadence> detect(WakeupTable w, IntPredicate isVsyncWaker) {
        long[] gaps = new long[64];
        int n = 0;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < w.size(); i++) {
            if (w.fromInterrupt(i) || !isVsyncWaker.test(w.waker(i))) {
                continue;
            }
            long t = w.time(i);
            if (last != Long.MIN_VALUE && t - last < FrameCadence.MIN_PERIOD_NS) {
                continue;
            }
            if (last != Long.MIN_VALUE && t - last <= FrameCadence.MAX_PERIOD_NS) {
                if (n == gaps.length) {
                    gaps = Arrays.copyOf(gaps, n * 2);
                }
                gaps[n++] = t - last;
            }
            last = t;
        }
        if (n < FrameCadence.MIN_INTERVALS) {
            return Optional.empty();
        }
        long[] sorted = Arrays.copyOf(gaps, n);
        Arrays.sort(sorted);
        long median = sorted[n / 2];
        long sum = 0;
        int regular = 0;
        for (int i = 0; i < n; i++) {
            if (Math.abs(gaps[i] - median) * 5 <= median) {
                sum += gaps[i];
                regular++;
            }
        }
        return regular < FrameCadence.REGULAR_SHARE * n ? Optional.empty()
                : Optional.of(new FrameCadence(sum / regular));
    }
}
