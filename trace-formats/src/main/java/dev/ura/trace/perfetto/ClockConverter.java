package dev.ura.trace.perfetto;

import java.util.ArrayList;
import java.util.List;

/**
 * Global clock snapshots (builtin clocks and ids ≥ 128), converting a time on one clock to
 * BOOTTIME with the latest snapshot (seen so far) whose reading of that clock is not after it,
 * else the first. Snapshots written only at the end of a trace therefore cannot help events
 * decoded before them: such times stay unconverted and the reader warns.
 */
final class ClockConverter {
    static final long BOOTTIME = 6;
    static final long MONOTONIC = 3;

    /** One snapshot: clock ids, their readings and unit multipliers. */
    record Snapshot(long[] ids, long[] values, long[] units) {
        int indexOf(long id) {
            for (int i = 0; i < ids.length; i++) {
                if (ids[i] == id) {
                    return i;
                }
            }
            return -1;
        }
    }

    private final List<Snapshot> snapshots = new ArrayList<>();

    void add(Snapshot s) {
        snapshots.add(s);
    }

    /** The BOOTTIME for {@code t} on {@code clock}, or {@code Long.MIN_VALUE} when no snapshot relates them. */
    long toBoot(long clock, long t) {
        if (clock == BOOTTIME) {
            return t;
        }
        Snapshot best = null;
        long bestA = Long.MIN_VALUE;
        Snapshot first = null;
        for (Snapshot s : snapshots) {
            int a = s.indexOf(clock);
            int b = s.indexOf(BOOTTIME);
            if (a < 0 || b < 0) {
                continue;
            }
            if (first == null) {
                first = s;
            }
            long av = s.values[a];
            if (av <= t && av >= bestA) {
                best = s;
                bestA = av;
            }
        }
        Snapshot s = best != null ? best : first;
        if (s == null) {
            return Long.MIN_VALUE;
        }
        int a = s.indexOf(clock);
        int b = s.indexOf(BOOTTIME);
        return s.values[b] + (t - s.values[a]) * Math.max(1, s.units[a]);
    }
}
