package dev.ura.app.analysis.regression;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class HunterAlgorithmTest {

    @Test
    void reproducesEveryTigerBeetleExpectation() {
        double[] series = Vectors.csvValues("otava_tigerbeetle.csv");
        JsonNode expected = Vectors.json("otava_tigerbeetle_expected.json");
        assertThat(series).hasSize(expected.get("n").asInt());
        List<String> failures = new ArrayList<>();
        for (JsonNode c : expected.get("cases")) {
            HunterAlgorithm hunter = new HunterAlgorithm(c.get("window_len").asInt(), c.get("max_pvalue").asDouble(),
                    c.get("min_magnitude").asDouble());
            int[] got = Vectors.indices(hunter.changePoints(series));
            int[] want = Vectors.ints(c.get("expected_change_points"));
            if (!java.util.Arrays.equals(got, want)) {
                failures.add(c + " -> " + java.util.Arrays.toString(got));
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void singleSeries20SplitsAtTen() {
        double[] series = Vectors.csvValues("otava_single_series20.csv");
        assertThat(Vectors.indices(new HunterAlgorithm(10, 0.0001, 0).changePoints(series))).containsExactly(10);
    }

    @Test
    void sequence14BisectsAtFiveAndEightWithTheTTest() {
        double[] series = Vectors.csvValues("otava_sequence14.csv");
        assertThat(HunterAlgorithm.bisect(series, 0, series.length, 0.01)).containsExactly(5, 8);
    }

    @Test
    void otavaSampleMetric2ChangesAtRowSix() {
        double[] metric2 = {10.43, 10.23, 10.29, 10.91, 10.34, 10.69, 9.23, 9.11, 9.13, 9.03};
        List<ChangePoint> cps = new HunterAlgorithm(50, 0.001, 0).changePoints(metric2);
        assertThat(Vectors.indices(cps)).containsExactly(6);
        assertThat(cps.get(0).pValue()).isCloseTo(4.99e-6, within(0.01e-6));
        assertThat(cps.get(0).relativeChange()).isCloseTo(-0.129, within(0.001));
        double[] metric1 = {154023, 138455, 143112, 149190, 132098, 151344, 155145, 148889, 149466, 148209};
        assertThat(new HunterAlgorithm(50, 0.001, 0).changePoints(metric1)).isEmpty();
    }

    @Test
    void tTestVectorsGiveTheirPublishedPValues() {
        for (String name : List.of("otava_ttest_not_significant", "otava_ttest_significant")) {
            JsonNode v = Vectors.vector(name);
            double[] x = Vectors.doubles(v.get("series"));
            double p = HunterAlgorithm.Split.of(x, 0, v.get("candidate").asInt(), x.length).pValue();
            JsonNode range = v.get("expected_pvalue_range");
            assertThat(p).as(name).isBetween(range.get(0).asDouble(), range.get(1).asDouble());
        }
    }

    @Test
    void flatSeriesHasNoChangePoint() {
        double[] flat = new double[40];
        java.util.Arrays.fill(flat, 7.0);
        assertThat(new HunterAlgorithm(30, 0.01, 0).changePoints(flat)).isEmpty();
    }
}
