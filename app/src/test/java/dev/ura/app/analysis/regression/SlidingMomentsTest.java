package dev.ura.app.analysis.regression;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SlidingMomentsTest {
    @Test
    void slidingWindowsAgreeWithDirectSums() {
        Random r = new Random(7);
        double[] x = new double[20_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = 1e6 + r.nextGaussian() * 50 + (i > 9_000 ? 300 : 0);
        }
        for (int window : new int[]{3, 40, 256, 257, 1000, 7777}) {
            SlidingMoments m = new SlidingMoments(x);
            for (int i = 2; i < x.length; i += 1 + r.nextInt(3)) {
                int from = Math.max(0, i - window);
                m.moveTo(from, i);
                assertThat(m.mean()).isCloseTo(Segments.mean(x, from, i), within(1e-6));
                assertThat(m.std()).isCloseTo(Segments.std(x, from, i, 1), within(1e-6));
            }
        }
    }

    @Test
    void shortWindowsAreExactlyTheDirectSums() {
        double[] x = {1, 2, 3, 4, 10};
        SlidingMoments m = new SlidingMoments(x);
        m.moveTo(0, 4);
        assertThat(m.mean()).isEqualTo(2.5);
        assertThat(m.std()).isEqualTo(Math.sqrt(5.0 / 3));
    }
}
