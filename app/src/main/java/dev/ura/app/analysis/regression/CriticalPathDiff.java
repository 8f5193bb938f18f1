package dev.ura.app.analysis.regression;

import dev.ura.app.analysis.model.Segment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two runs' critical paths (A = before, B = after).
 *
 * <p>Segments match when their thread name and segment name are equal and they are the same
 * occurrence of that pair along their path (the second {@code main / onBind} of A matches the second of
 * B), so repeats pair up in order and an extra repeat shows as appeared or vanished. Rows follow B's
 * order, with A's unmatched segments inserted where they stood in A. A matched segment whose duration
 * differs by at most {@code toleranceNs} counts as {@link SegmentChange.Kind#SAME}.
 *
 * @param changes  one row per segment of A or B
 * @param beforeNs length of A's path (sum of its segment durations)
 * @param afterNs  length of B's path
 */
public record CriticalPathDiff(List<SegmentChange> changes, long beforeNs, long afterNs) {
    public CriticalPathDiff {
        changes = List.copyOf(changes);
    }

    /** {@code afterNs − beforeNs}. */
    public long deltaNs() {
        return afterNs - beforeNs;
    }

    /** The rows of one kind, in row order. */
    public List<SegmentChange> of(SegmentChange.Kind kind) {
        return changes.stream().filter(c -> c.kind() == kind).toList();
    }

    /**
     * The tolerance {@code ura diff} and the runs view use unless told otherwise: 0.1 ms, below
     * which a segment's change is timing noise rather than a regression.
     */
    public static final long DEFAULT_TOLERANCE_NS = 100_000L;
    /** {@link #DEFAULT_TOLERANCE_NS} in milliseconds (the {@code --tolerance} unit). */
    public static final double DEFAULT_TOLERANCE_MS = DEFAULT_TOLERANCE_NS / 1e6;

    /** Compares with no tolerance: any difference in duration is growth or shrinkage. */
    public static CriticalPathDiff compare(List<Segment> before, List<Segment> after) {
        return compare(before, after, 0);
    }

    /** Compares {@code before} (A) with {@code after} (B); {@code toleranceNs} ≥ 0. */
    public static CriticalPathDiff compare(List<Segment> before, List<Segment> after, long toleranceNs) {
        if (toleranceNs < 0) {
            throw new IllegalArgumentException("negative tolerance " + toleranceNs);
        }
        List<Key> keysA = keys(before);
        List<Key> keysB = keys(after);
        Map<Key, Integer> indexInA = new HashMap<>();
        for (int i = 0; i < keysA.size(); i++) {
            indexInA.put(keysA.get(i), i);
        }
        Map<Key, Integer> indexInB = new HashMap<>();
        for (int j = 0; j < keysB.size(); j++) {
            indexInB.put(keysB.get(j), j);
        }
        boolean[] doneA = new boolean[keysA.size()];
        List<SegmentChange> rows = new ArrayList<>();
        int i = 0;
        for (int j = 0; j < keysB.size(); j++) {
            Key kb = keysB.get(j);
            Integer matched = indexInA.get(kb);
            // A's segments that stood before this one and have no partner in B vanished here.
            while (i < keysA.size() && (doneA[i] || !indexInB.containsKey(keysA.get(i)))) {
                if (!doneA[i]) {
                    rows.add(row(keysA.get(i), before.get(i).durationNs(), 0, SegmentChange.Kind.VANISHED));
                    doneA[i] = true;
                }
                i++;
            }
            long afterNs = after.get(j).durationNs();
            if (matched == null) {
                rows.add(row(kb, 0, afterNs, SegmentChange.Kind.APPEARED));
            } else {
                long beforeNs = before.get(matched).durationNs();
                rows.add(row(kb, beforeNs, afterNs, kind(beforeNs, afterNs, toleranceNs)));
                doneA[matched] = true;
            }
        }
        for (; i < keysA.size(); i++) {
            if (!doneA[i]) {
                rows.add(row(keysA.get(i), before.get(i).durationNs(), 0, SegmentChange.Kind.VANISHED));
            }
        }
        return new CriticalPathDiff(rows, sum(before), sum(after));
    }

    private static SegmentChange.Kind kind(long beforeNs, long afterNs, long toleranceNs) {
        long d = afterNs - beforeNs;
        if (Math.abs(d) <= toleranceNs) {
            return SegmentChange.Kind.SAME;
        }
        return d > 0 ? SegmentChange.Kind.GREW : SegmentChange.Kind.SHRANK;
    }

    private static SegmentChange row(Key k, long beforeNs, long afterNs, SegmentChange.Kind kind) {
        return new SegmentChange(k.thread(), k.name(), k.occurrence(), beforeNs, afterNs, kind);
    }

    private static List<Key> keys(List<Segment> path) {
        Map<List<String>, Integer> seen = new HashMap<>();
        List<Key> out = new ArrayList<>(path.size());
        for (Segment s : path) {
            String thread = s.threadName() == null ? "" : s.threadName();
            String name = s.name() == null ? "" : s.name();
            int k = seen.merge(List.of(thread, name), 1, Integer::sum) - 1;
            out.add(new Key(thread, name, k));
        }
        return out;
    }

    private static long sum(List<Segment> path) {
        long n = 0;
        for (Segment s : path) {
            n += s.durationNs();
        }
        return n;
    }

    private record Key(String thread, String name, int occurrence) {
    }
}
