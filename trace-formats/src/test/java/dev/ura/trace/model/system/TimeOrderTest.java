package dev.ura.trace.model.system;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class TimeOrderTest {

    @Test
    void matchesAStableSortOnRandomAndRunShapedInput() {
        Random r = new Random(3);
        for (int round = 0; round < 500; round++) {
            int n = r.nextInt(200);
            long[] t = new long[n];
            boolean runs = round % 2 == 0;
            long v = 0;
            for (int i = 0; i < n; i++) {
                if (runs && r.nextInt(10) == 0) {
                    v = r.nextInt(50);
                }
                t[i] = runs ? (v += r.nextInt(3)) : r.nextInt(20);
            }
            int[] expected = IntStream.range(0, n).boxed()
                    .sorted(Comparator.<Integer>comparingLong(i -> t[i]).thenComparingInt(i -> i))
                    .mapToInt(Integer::intValue).toArray();
            assertThat(TimeOrder.of(t, n)).as(Arrays.toString(t)).containsExactly(expected);
        }
    }

    @Test
    void matchesAStableSortOnBundleShapedAndAdversarialInput() {
        Random r = new Random(5);
        for (int round = 0; round < 60; round++) {
            int n = 1000 + r.nextInt(20_000);
            long[] t = new long[n];
            int shape = round % 3;
            for (int i = 0; i < n; ) {
                // Bundle-shaped: runs of one "CPU" covering a window that overlaps the previous ones;
                // reversed: runs that each start before everything so far (forces the fallback);
                // few values: long stretches of ties.
                int len = 1 + r.nextInt(40);
                long start = shape == 0 ? i * 10L - r.nextInt(400) : shape == 1 ? -i : r.nextInt(4);
                for (int k = 0; k < len && i < n; k++, i++) {
                    t[i] = start + (shape == 2 ? k / 8 : k * (1 + r.nextInt(20)));
                }
            }
            int[] expected = IntStream.range(0, n).boxed()
                    .sorted(Comparator.<Integer>comparingLong(i -> t[i]).thenComparingInt(i -> i))
                    .mapToInt(Integer::intValue).toArray();
            assertThat(TimeOrder.of(t, n)).containsExactly(expected);
        }
    }
}
