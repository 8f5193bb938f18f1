package dev.ura.app.analysis.regression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The regression check both the command line and the runs view use: anomalies against a rolling
 * baseline plus change points (E-Divisive by default, or Otava's Hunter), and the verdict on the
 * newest {@code window} runs.
 */
public final class RegressionAnalyzer {
    private final RegressionOptions options;
    private final AnomalyDetector anomalies;
    private final EDivisiveAlgorithm eDivisive;
    private final HunterAlgorithm hunter;
    private final TailShiftDetector tail;
    /** How many shifts, newest first, the tail check may find before it trusts E-Divisive alone. */
    private static final int MAX_TAIL_REPLACEMENTS = 3;

    /** @throws IllegalArgumentException when an option is out of range (message names it) */
    public RegressionAnalyzer(RegressionOptions options) {
        if (options.window() < 2) {
            throw new IllegalArgumentException("--window must be at least 2: " + options.window());
        }
        if (options.history() < 0) {
            throw new IllegalArgumentException("--history must not be negative: " + options.history());
        }
        this.options = options;
        this.anomalies = new AnomalyDetector(options.window(), options.sigmas(),
                Math.min(AnomalyDetector.DEFAULT_MIN_HISTORY, options.window()));
        boolean useHunter = options.method() == ChangePointMethod.HUNTER;
        this.eDivisive = useHunter ? null : new EDivisiveAlgorithm(options.alpha(), options.permutations(),
                options.minSize(), options.seed());
        this.hunter = useHunter ? new HunterAlgorithm(RegressionOptions.HUNTER_WINDOW, options.alpha(), 0) : null;
        this.tail = useHunter ? null : new TailShiftDetector(TailShiftDetector.DEFAULT_MIN_TAIL, options.minSize(),
                options.window(), options.alpha(), options.permutations(), options.seed());
    }

    public RegressionOptions options() {
        return options;
    }

    /** Checks one series. */
    public SeriesRegression analyze(RunSeries series) {
        double[] values = series.values();
        return new SeriesRegression(series, anomalies.detect(values), changePoints(values),
                Math.max(0, values.length - options.window()));
    }

    private List<ChangePoint> changePoints(double[] values) {
        // Never more than the history cap: E-Divisive is quadratic (see RegressionOptions.MAX_HISTORY).
        int offset = values.length - options.effectiveHistory(values.length);
        if (eDivisive != null) {
            return eDivisiveWithTailShift(values, offset, MAX_TAIL_REPLACEMENTS);
        }
        List<ChangePoint> out = new ArrayList<>();
        for (ChangePoint c : hunter.changePoints(Arrays.copyOfRange(values, offset, values.length))) {
            out.add(new ChangePoint(c.index() + offset, c.before(), c.after(), c.pValue(), c.statistic()));
        }
        return out;
    }

    /**
     * E-Divisive's change points with a shift among the newest runs, which it cannot see: it needs
     * {@code minSize} runs after a split, so its last change point may even have been pulled early
     * by a shift nearer the end. The tail detector looks after that last change point (or, when it
     * leaves exactly {@code minSize} runs, from the one before, over those runs too). When it finds
     * a shift, the same check runs again on the runs before it (at most {@code depth} times), so that
     * a change point placed only because of the shift is dropped or placed again.
     */
    private List<ChangePoint> eDivisiveWithTailShift(double[] values, int offset, int depth) {
        List<ChangePoint> found = eDivisive.changePoints(values, values.length - offset);
        if (depth == 0) {
            return found;
        }
        int n = values.length;
        ChangePoint last = found.isEmpty() ? null : found.get(found.size() - 1);
        boolean pinned = last != null && n - last.index() <= options.minSize();
        int from = pinned ? (found.size() > 1 ? found.get(found.size() - 2).index() : offset)
                : (last != null ? last.index() : offset);
        ChangePoint shift = tail.find(values, from, pinned ? n - last.index() : options.minSize() - 1);
        if (shift == null) {
            return found;
        }
        List<ChangePoint> out = new ArrayList<>(
                eDivisiveWithTailShift(Arrays.copyOf(values, shift.index()), offset, depth - 1));
        out.add(shift);
        return withMeans(values, offset, out);
    }

    /** The change points with the means of the segments between them (the list is in index order). */
    private static List<ChangePoint> withMeans(double[] values, int offset, List<ChangePoint> points) {
        List<ChangePoint> out = new ArrayList<>(points.size());
        for (int i = 0; i < points.size(); i++) {
            ChangePoint c = points.get(i);
            int from = i == 0 ? offset : points.get(i - 1).index();
            int to = i + 1 < points.size() ? points.get(i + 1).index() : values.length;
            out.add(new ChangePoint(c.index(), Segments.mean(values, from, c.index()),
                    Segments.mean(values, c.index(), to), c.pValue(), c.statistic()));
        }
        return List.copyOf(out);
    }
}
