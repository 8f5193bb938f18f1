package dev.ura.app.analysis.regression;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A level shift among the newest runs, with the defaults (issue 10, item 9): reported within 5
 * runs, at the run where it happened, and never on a flat series. The series are the hand-made
 * jitter of {@code RegressionAnalyzerTest}: 100 + 0.5·(((i + seed)·7 mod 5) − 2), whose every 5
 * consecutive runs are 99, 99.5, 100, 100.5, 101 in some order (mean exactly 100).
 */
class RecentShiftTest {
    private final RegressionAnalyzer analyzer = new RegressionAnalyzer(RegressionOptions.defaults());

    private static double[] noisy(int n, long seed) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = 100 + (((i + seed) * 7) % 5 - 2) * 0.5;
        }
        return v;
    }

    private static double[] shifted(int n, int at, double by, long seed) {
        double[] v = noisy(n, seed);
        for (int i = at; i < n; i++) {
            v[i] += by;
        }
        return v;
    }

    private SeriesRegression check(double[] v) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            runs.add("r" + i);
        }
        return analyzer.analyze(new RunSeries("value", runs, v));
    }

    /**
     * Seed 0, runs 80..82 shifted by 5: their jitter is −1, 0, +1 (i·7 mod 5 = 0, 2, 4), so the
     * newest segment's mean is 105, and runs 0..79 are 16 whole periods: mean 100.
     */
    @Test
    void threeShiftedRunsAreAChangePointAtTheFirstOfThem() {
        SeriesRegression r = check(shifted(83, 80, 5, 0));
        assertThat(r.changePoints()).hasSize(1);
        ChangePoint c = r.changePoints().get(0);
        assertThat(c.index()).isEqualTo(80);
        assertThat(c.before()).isEqualTo(100.0);
        assertThat(c.after()).isEqualTo(105.0);
        assertThat(c.pValue()).isLessThanOrEqualTo(0.05);
        assertThat(r.regressed()).isTrue();
    }

    /** The case: a shift 8 runs from the end was placed 22 runs too early (min size 30). */
    @Test
    void aShiftEightRunsFromTheEndIsPlacedWhereItHappened() {
        SeriesRegression r = check(shifted(108, 100, 5, 0));
        assertThat(r.changePoints()).extracting(ChangePoint::index).containsExactly(100);
        assertThat(r.changePoints().get(0).before()).isEqualTo(100.0);
        assertThat(r.regressed()).isTrue();
    }

    /** Shifts fewer than min size (30) runs from the end, each placed exactly. */
    @Test
    void everyTailLengthUpToMinSizeIsPlacedExactly() {
        for (int d = 3; d <= 35; d++) {
            SeriesRegression r = check(shifted(100 + d, 100, 5, 2));
            assertThat(r.changePoints()).as("shift %d runs from the end", d).extracting(ChangePoint::index)
                    .containsExactly(100);
            assertThat(r.regressed()).isTrue();
        }
    }

    /** +1.5 is no anomaly (4 sigmas of this jitter are 2.8), so only the change point can report it. */
    @Test
    void aSmallShiftIsReportedWithinFiveRuns() {
        for (long seed = 1; seed <= 2; seed++) {
            int reportedAt = -1;
            for (int d = 1; d <= 5 && reportedAt < 0; d++) {
                SeriesRegression r = check(shifted(80 + d, 80, 1.5, seed));
                assertThat(r.anomalies()).isEmpty();
                if (r.regressed()) {
                    reportedAt = d;
                    assertThat(r.changePoints()).extracting(ChangePoint::index).containsExactly(80);
                }
            }
            assertThat(reportedAt).as("seed %d", seed).isBetween(3, 5);
        }
    }

    @Test
    void twoSlowRunsAreAnomaliesButNotYetAShift() {
        SeriesRegression r = check(shifted(82, 80, 5, 0));
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.anomalies()).extracting(Anomaly::index).containsExactly(80, 81);
        assertThat(r.regressed()).isTrue();
    }

    @Test
    void aSpikeAtTheEndIsNoShift() {
        double[] v = noisy(80, 0);
        v[79] = 120;
        SeriesRegression r = check(v);
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.anomalies()).extracting(Anomaly::index).containsExactly(79);
    }

    @Test
    void aDropInTheNewestRunsIsAChangePointButNoRegression() {
        SeriesRegression r = check(shifted(85, 80, -5, 0));
        assertThat(r.changePoints()).extracting(ChangePoint::index).containsExactly(80);
        assertThat(r.changePoints().get(0).isIncrease()).isFalse();
        assertThat(r.regressed()).isFalse();
    }

    @Test
    void flatSeriesOfEveryLengthRaiseNoAlarm() {
        for (int n = 20; n <= 200; n += 7) {
            for (long seed = 0; seed < 5; seed++) {
                SeriesRegression r = check(noisy(n, seed));
                assertThat(r.changePoints()).as("n %d seed %d", n, seed).isEmpty();
                assertThat(r.regressed()).isFalse();
            }
        }
    }

    @Test
    void anOlderShiftAndARecentOneAreBothFound() {
        double[] v = shifted(130, 60, 5, 0);
        for (int i = 124; i < v.length; i++) {
            v[i] += 5;
        }
        SeriesRegression r = check(v);
        assertThat(r.changePoints()).extracting(ChangePoint::index).containsExactly(60, 124);
        assertThat(r.changePoints().get(1).before()).isEqualTo(105.0 + mean(noisy(130, 0), 60, 124));
    }

    private static double mean(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i] - 100;
        }
        return s / (to - from);
    }
}
