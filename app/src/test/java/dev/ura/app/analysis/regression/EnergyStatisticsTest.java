package dev.ura.app.analysis.regression;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EnergyStatisticsTest {

    /** The six published E/T/H expectations, samples written out as the Python comprehensions say. */
    @Test
    void matchesMongoEnergyStatistics() {
        List<double[][][]> samples = List.of(
                pair(range(1, 100, 1), range(1, 105, 1)),
                pair(range(1, 100, 1), range(10000, 13000, 14)),
                pair(range(1, 300, 1), range(1000, 5000, 10)),
                pair(range(300, 500, 1), range(400, 900, 11)),
                new double[][][] {points(100, 200, 1, i -> new double[] {i, i + 7, i + 4}),
                    points(100, 400, 12, i -> new double[] {i, i + 2, i + 3})},
                new double[][][] {points(0, 100, 1, i -> new double[] {i, i + 1}),
                    points(0, 1000, 1, i -> new double[] {i, i + 10})});
        JsonNode expected = Vectors.json("edivisive_test_vectors.json").get("energy_statistics_exact");
        for (int k = 0; k < samples.size(); k++) {
            EnergyStatistics s = EnergyStatistics.of(samples.get(k)[0], samples.get(k)[1]);
            JsonNode e = expected.get(k);
            assertThat(s.e()).as("E %s", e).isCloseTo(e.get("E").asDouble(), within(1e-3));
            assertThat(s.t()).as("T %s", e).isCloseTo(e.get("T").asDouble(), within(1e-3));
            assertThat(s.h()).as("H %s", e).isCloseTo(e.get("H").asDouble(), within(1e-3));
        }
    }

    /** Both columns of first_candidate_table.csv: Otava/ecp U-statistic and MongoDB V-statistic. */
    @Test
    void reproducesTheFirstCandidateTable() throws IOException {
        List<String> rows = Files.readAllLines(SharedFiles.require("regression/first_candidate_table.csv"));
        assertThat(rows).hasSize(13);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            double[] x = Vectors.doubles(Vectors.vector(f[0]).get("series"));
            assertThat(x).hasSize(Integer.parseInt(f[1]));
            Candidate otava = EnergyDivergence.bestSplit(x, 0, x.length, 1);
            assertThat(otava.index()).as(f[0]).isEqualTo(Integer.parseInt(f[4]));
            assertThat(otava.statistic()).as(f[0]).isCloseTo(Double.parseDouble(f[5]), within(1e-5));
            Candidate mongo = EnergyStatistics.mongoCandidate(x, 0, x.length);
            if (Double.parseDouble(f[3]) == 0) {
                // MongoDB reports index 0 with T = 0 when nothing separates (a flat series): no candidate.
                assertThat(mongo).as(f[0]).isNull();
            } else {
                assertThat(mongo.index()).as(f[0]).isEqualTo(Integer.parseInt(f[2]));
                assertThat(mongo.statistic()).as(f[0]).isCloseTo(Double.parseDouble(f[3]), within(1e-5));
            }
        }
    }

    @Test
    void uStatisticSearchAgreesWithBruteForceOnRandomSeries() {
        java.util.Random random = new java.util.Random(7);
        for (int trial = 0; trial < 50; trial++) {
            double[] x = new double[2 + random.nextInt(25)];
            for (int i = 0; i < x.length; i++) {
                x[i] = random.nextInt(10) + (i > x.length / 2 ? 5 : 0);
            }
            int minSize = 1 + random.nextInt(3);
            Candidate fast = EnergyDivergence.bestSplit(x, 0, x.length, minSize);
            Candidate slow = bruteForce(x, minSize);
            if (slow == null) {
                assertThat(fast).isNull();
            } else {
                assertThat(fast.index()).isEqualTo(slow.index());
                assertThat(fast.statistic()).isCloseTo(slow.statistic(), within(1e-9));
            }
        }
    }

    private static Candidate bruteForce(double[] x, int minSize) {
        Candidate best = null;
        for (int tau = minSize; tau < x.length; tau++) {
            for (int kappa = tau + minSize; kappa <= x.length; kappa++) {
                double cross = 0;
                double wx = 0;
                double wy = 0;
                for (int i = 0; i < kappa; i++) {
                    for (int j = i + 1; j < kappa; j++) {
                        double d = Math.abs(x[i] - x[j]);
                        if (j < tau) {
                            wx += d;
                        } else if (i >= tau) {
                            wy += d;
                        } else {
                            cross += d;
                        }
                    }
                }
                double q = EnergyDivergence.qHat(tau, kappa - tau, cross, wx, wy);
                if (best == null || q > best.statistic() + 1e-12) {
                    best = new Candidate(tau, q);
                }
            }
        }
        return best;
    }

    private static double[][][] pair(double[] x, double[] y) {
        return new double[][][] {column(x), column(y)};
    }

    private static double[] range(int from, int to, int step) {
        double[] out = new double[(to - from + step - 1) / step];
        for (int i = 0; i < out.length; i++) {
            out[i] = from + (double) i * step;
        }
        return out;
    }

    private static double[][] points(int from, int to, int step, IntFunction<double[]> f) {
        double[] r = range(from, to, step);
        double[][] out = new double[r.length][];
        for (int i = 0; i < r.length; i++) {
            out[i] = f.apply((int) r[i]);
        }
        return out;
    }

    private static double[][] column(double[] v) {
        double[][] out = new double[v.length][];
        for (int i = 0; i < v.length; i++) {
            out[i] = new double[] {v[i]};
        }
        return out;
    }
}
