package dev.ura.app.analysis.regression;

import java.util.ArrayList;
import java.util.List;

/**
 * Apache Otava's deterministic change-point detection ("Hunter", Fleming et al. 2023), reproducing
 * {@code otava.analysis.compute_change_points} exactly, so that its published expectations hold.
 *
 * <ol>
 * <li><b>Split</b>: windows of {@code windowLength} points slide by half a window (or jump to the last
 *     point found). In each window, E-Divisive bisection ({@link EnergyDivergence}, U-statistic, min size 1)
 *     keeps splitting while Student's t-test between the two sides of the split interval gives
 *     p ≤ a relaxed first-pass level (10× the level below 0.05, 2× below 0.5). The union of all windows'
 *     points are the "weak" change points.</li>
 * <li><b>Merge</b>: repeatedly drop the weak point with the largest p-value while it is ≥ {@code maxPValue};
 *     once all pass, drop the one with the smallest relative change while it is ≤ {@code minMagnitude}.
 *     After a drop at list position i, Otava recomputes the points now at positions i and i + 1
 *     (its right neighbours) rather than i − 1 and i; the left neighbour keeps stale statistics. The
 *     published expectations depend on this (5 of 10 TigerBeetle cases differ with the "fixed" recompute),
 *     so it is kept deliberately.</li>
 * </ol>
 * The t-test is the pooled-variance one fed with population standard deviations (ddof = 0), as Otava does.
 * No randomness: equal inputs give equal outputs.
 */
public final class HunterAlgorithm {
    private final int windowLength;
    private final double maxPValue;
    private final double minMagnitude;

    /**
     * @param windowLength points per sliding window, at least 2 (Otava's default is 50)
     * @param maxPValue    final significance level, in (0, 1]
     * @param minMagnitude minimum relative change kept ({@code max(|m2/m1 − 1|, |m1/m2 − 1|)}), ≥ 0
     */
    public HunterAlgorithm(int windowLength, double maxPValue, double minMagnitude) {
        if (windowLength < 2) {
            throw new IllegalArgumentException("window length must be at least 2: " + windowLength);
        }
        if (!(maxPValue > 0 && maxPValue <= 1) || !(minMagnitude >= 0)) {
            throw new IllegalArgumentException("bad level " + maxPValue + " or magnitude " + minMagnitude);
        }
        this.windowLength = windowLength;
        this.maxPValue = maxPValue;
        this.minMagnitude = minMagnitude;
    }

    /** The significance level the split step uses (Otava's relaxation of the final level). */
    public static double firstPassLevel(double maxPValue) {
        if (maxPValue < 0.05) {
            return maxPValue * 10;
        }
        return maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    }

    /** The change points of {@code series}, sorted by index, with their t-test p-values. */
    public List<ChangePoint> changePoints(double[] series) {
        List<Split> weak = split(series, firstPassLevel(maxPValue));
        List<Split> merged = merge(series, new ArrayList<>(weak));
        List<ChangePoint> out = new ArrayList<>();
        for (Split s : merged) {
            out.add(new ChangePoint(s.index(), s.mean1(), s.mean2(), s.pValue(), Double.NaN));
        }
        return List.copyOf(out);
    }

    /**
     * E-Divisive bisection of {@code x[start:end]} with the t-test as significance test (Otava's
     * {@code ChangePointDetector} with {@code TTestSignificanceTester}); indices refer to {@code x}.
     */
    public static List<Integer> bisect(double[] x, int start, int end, double level) {
        List<Integer> found = new ArrayList<>();
        while (true) {
            int[] cuts = cuts(found, start, end);
            Candidate best = null;
            int segment = -1;
            for (int s = 0; s + 1 < cuts.length; s++) {
                if (cuts[s + 1] - cuts[s] > 1) {
                    Candidate c = EnergyDivergence.bestSplit(x, cuts[s], cuts[s + 1], 1);
                    if (best == null || c.statistic() > best.statistic()) {
                        best = c;
                        segment = s;
                    }
                }
            }
            if (best == null) {
                return found;
            }
            Split stats = Split.of(x, cuts[segment], best.index(), cuts[segment + 1]);
            if (!(stats.pValue() <= level)) {
                return found;
            }
            int at = 0;
            while (at < found.size() && found.get(at) < best.index()) {
                at++;
            }
            found.add(at, best.index());
        }
    }

    private List<Split> split(double[] x, double level) {
        List<Integer> points = new ArrayList<>();
        int start = 0;
        int step = windowLength / 2;
        while (start < x.length) {
            int end = Math.min(start + windowLength, x.length);
            List<Integer> found = bisect(x, start, end, level);
            int last = found.isEmpty() ? 0 : found.get(found.size() - 1);
            start = Math.max(last, start + step);
            for (int p : found) {
                if (!points.contains(p)) {
                    points.add(p);
                }
            }
        }
        points.sort(null);
        List<Split> out = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            out.add(statsAt(x, points, i));
        }
        return out;
    }

    private List<Split> merge(double[] x, List<Split> points) {
        while (!points.isEmpty()) {
            // Python's max()/min() keep the first of equal keys and never pick a NaN after the first element.
            Split weakest = points.get(0);
            for (Split s : points) {
                if (s.pValue() > weakest.pValue()) {
                    weakest = s;
                }
            }
            if (weakest.pValue() < maxPValue) {
                weakest = points.get(0);
                for (Split s : points) {
                    if (s.magnitude() < weakest.magnitude()) {
                        weakest = s;
                    }
                }
                if (weakest.magnitude() > minMagnitude) {
                    return points;
                }
            }
            int removed = points.indexOf(weakest);
            points.remove(removed);
            List<Integer> indices = points.stream().map(Split::index).toList();
            // Otava's quirk, kept on purpose (see the class comment): the right neighbours are recomputed.
            for (int k = removed; k <= removed + 1 && k < points.size(); k++) {
                points.set(k, statsAt(x, indices, k));
            }
        }
        return points;
    }

    private static Split statsAt(double[] x, List<Integer> points, int k) {
        int from = k == 0 ? 0 : points.get(k - 1);
        int to = k + 1 < points.size() ? points.get(k + 1) : x.length;
        return Split.of(x, from, points.get(k), to);
    }

    private static int[] cuts(List<Integer> found, int start, int end) {
        int[] cuts = new int[found.size() + 2];
        cuts[0] = start;
        for (int i = 0; i < found.size(); i++) {
            cuts[i + 1] = found.get(i);
        }
        cuts[cuts.length - 1] = end;
        return cuts;
    }

    /** The two sides {@code x[from:index]} and {@code x[index:to]} of a split and their t-test. */
    record Split(int index, double mean1, double mean2, double std1, double std2, double pValue) {
        static Split of(double[] x, int from, int index, int to) {
            double m1 = Segments.mean(x, from, index);
            double m2 = Segments.mean(x, index, to);
            double s1 = Segments.std(x, from, index, 0);
            double s2 = Segments.std(x, index, to, 0);
            int n1 = index - from;
            int n2 = to - index;
            double p = n1 + n2 - 2 > 0 ? StudentT.pooledTTestP(m1, s1, n1, m2, s2, n2) : 1.0;
            return new Split(index, m1, m2, s1, s2, p);
        }

        /** Otava's change magnitude: the larger of the forward and backward relative changes. */
        double magnitude() {
            double forward = mean1 == 0 ? 0 : mean2 / mean1 - 1;
            double backward = mean2 == 0 ? 0 : mean1 / mean2 - 1;
            return Math.max(Math.abs(forward), Math.abs(backward));
        }
    }
}
