package dev.ura.app.analysis.regression;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RegressionAnalyzerTest {
    private static RunSeries series(double[] v) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            runs.add("r" + i);
        }
        return new RunSeries("value", runs, v);
    }

    /** Hand-made jitter: level + {-1, -0.5, 0, 0.5, 1} in a scrambled period-5 pattern (no chance drifts). */
    private static double[] noisy(int n, double level, long seed) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level + (((i + seed) * 7) % 5 - 2) * 0.5;
        }
        return v;
    }

    private static double[] gaussian(int n, double level, long seed) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level + r.nextGaussian();
        }
        return v;
    }

    @Test
    void flatNoisySeriesRaisesNoAlarm() {
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(noisy(120, 100, 3)));
        assertThat(r.anomalies()).isEmpty();
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.regressed()).isFalse();
    }

    /** Gaussian noise alarms about as often as alpha says (expected 2 of 40; 7 or more has P below 1 %). */
    @Test
    void falseAlarmRateOnGaussianNoiseIsNearAlpha() {
        RegressionAnalyzer analyzer = new RegressionAnalyzer(RegressionOptions.defaults());
        int withChangePoint = 0;
        int withAnomaly = 0;
        for (long seed = 0; seed < 40; seed++) {
            SeriesRegression r = analyzer.analyze(series(gaussian(90, 100, seed)));
            withChangePoint += r.changePoints().isEmpty() ? 0 : 1;
            withAnomaly += r.anomalies().isEmpty() ? 0 : 1;
        }
        assertThat(withChangePoint).isLessThanOrEqualTo(6);
        assertThat(withAnomaly).isLessThanOrEqualTo(6);
    }

    @Test
    void perfectlyFlatSeriesRaisesNoAlarm() {
        double[] v = new double[80];
        java.util.Arrays.fill(v, 12.5);
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.anomalies()).isEmpty();
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.regressed()).isFalse();
    }

    @Test
    void oneSpikeIsOneAnomalyWithItsFigures() {
        double[] v = noisy(60, 100, 5);
        v[45] = 120;
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.anomalies()).hasSize(1);
        Anomaly a = r.anomalies().get(0);
        assertThat(a.index()).isEqualTo(45);
        assertThat(a.value()).isEqualTo(120);
        assertThat(a.mean()).isCloseTo(100, within(0.5));
        assertThat(a.stddev()).isBetween(0.6, 0.8);
        assertThat(a.sigmas()).isCloseTo((120 - a.mean()) / a.stddev(), within(1e-9));
        assertThat(r.changePoints()).isEmpty();
        assertThat(r.regressed()).isTrue();
    }

    @Test
    void aSpikeOutsideTheWindowIsNoVerdict() {
        double[] v = noisy(100, 100, 5);
        v[20] = 130;
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.anomalies()).extracting(Anomaly::index).containsExactly(20);
        assertThat(r.regressed()).isFalse();
    }

    @Test
    void aDropIsNoAnomaly() {
        double[] v = noisy(60, 100, 5);
        v[50] = 80;
        assertThat(AnomalyDetector.withDefaults().detect(v)).isEmpty();
    }

    @Test
    void levelShiftUpIsAChangePointNearItAndARegression() {
        double[] v = noisy(70, 100, 9);
        for (int i = 35; i < v.length; i++) {
            v[i] += 5;
        }
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.changePoints()).hasSize(1);
        ChangePoint c = r.changePoints().get(0);
        assertThat(c.index()).isBetween(33, 37);
        assertThat(c.pValue()).isLessThan(0.05);
        assertThat(c.isIncrease()).isTrue();
        assertThat(c.after() - c.before()).isCloseTo(5, within(1.0));
        assertThat(r.windowStart()).isEqualTo(30);
        assertThat(r.regressed()).isTrue();
    }

    @Test
    void levelShiftDownIsAChangePointButNoRegression() {
        double[] v = noisy(70, 100, 9);
        for (int i = 35; i < v.length; i++) {
            v[i] -= 5;
        }
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.changePoints()).extracting(ChangePoint::index).singleElement()
                .satisfies(i -> assertThat(i).isBetween(33, 37));
        assertThat(r.anomalies()).isEmpty();
        assertThat(r.regressed()).isFalse();
    }

    @Test
    void shiftBeforeTheWindowIsReportedButNoVerdict() {
        double[] v = noisy(140, 100, 4);
        for (int i = 40; i < v.length; i++) {
            v[i] += 5;
        }
        SeriesRegression r = new RegressionAnalyzer(RegressionOptions.defaults()).analyze(series(v));
        assertThat(r.changePoints()).extracting(ChangePoint::index).singleElement()
                .satisfies(i -> assertThat(i).isBetween(38, 42));
        assertThat(r.windowStart()).isEqualTo(100);
        assertThat(r.regressed()).isFalse();
    }

    @Test
    void hunterMethodIsOtavasAlgorithmOverTheHistory() {
        double[] tb = Vectors.csvValues("otava_tigerbeetle.csv");
        RegressionOptions hunter = new RegressionOptions(40, 4, 0.001, 199, 30, 1, 0, ChangePointMethod.HUNTER);
        SeriesRegression all = new RegressionAnalyzer(hunter).analyze(series(tb));
        assertThat(all.changePoints()).isEqualTo(new HunterAlgorithm(50, 0.001, 0).changePoints(tb));
        assertThat(all.changePoints()).isNotEmpty();
        RegressionOptions recent = new RegressionOptions(40, 4, 0.001, 199, 30, 1, 200, ChangePointMethod.HUNTER);
        List<ChangePoint> last200 = new RegressionAnalyzer(recent).analyze(series(tb)).changePoints();
        List<ChangePoint> direct = new HunterAlgorithm(50, 0.001, 0).changePoints(
                java.util.Arrays.copyOfRange(tb, 165, 365));
        assertThat(last200).extracting(ChangePoint::index)
                .containsExactlyElementsOf(direct.stream().map(c -> c.index() + 165).toList());
        assertThat(ChangePointMethod.of("Hunter")).contains(ChangePointMethod.HUNTER);
        assertThat(ChangePointMethod.of("e-divisive")).contains(ChangePointMethod.E_DIVISIVE);
        assertThat(ChangePointMethod.of("pelt")).isEmpty();
    }
}
