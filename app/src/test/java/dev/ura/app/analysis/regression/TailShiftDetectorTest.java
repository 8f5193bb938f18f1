package dev.ura.app.analysis.regression;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TailShiftDetectorTest {

    /**
     * x = 0 0 0 0 1 1, κ = 6. By hand (Q̂ = 2/(n+m)·Σ|X−Y| − 2m/((n+m)(n−1))·ΣX − 2n/((n+m)(m−1))·ΣY):
     * τ = 3: cross 6, within Y 2 → 2/6·6 − 6/12·2 = 1; τ = 4: cross 8 → 8/3;
     * τ = 5: cross 4, within X 4 → 4/3 − 2/24·4 = 1. The best is τ = 4.
     */
    @Test
    void bestSplitByHand() {
        double[] x = {0, 0, 0, 0, 1, 1};
        TailShiftDetector.Best b = TailShiftDetector.best(x, 3, 5);
        assertThat(b.tau()).isEqualTo(4);
        assertThat(b.score()).isCloseTo(8.0 / 3, within(1e-12));
        assertThat(TailShiftDetector.best(x, 3, 3).score()).isCloseTo(1, within(1e-12));
        assertThat(TailShiftDetector.best(x, 5, 5).score()).isCloseTo(1, within(1e-12));
    }

    @Test
    void tooFewRunsGiveNoVerdict() {
        TailShiftDetector d = new TailShiftDetector(3, 29, 40, 0.05, 199, 1);
        double[] v = {10, 10, 10, 10, 10, 10, 10, 10, 20, 20, 20};
        assertThat(d.find(v, 0, 29)).as("8 runs of baseline are fewer than 10").isNull();
    }
}
