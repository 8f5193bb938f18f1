package dev.ura.samples;

import dev.ura.samples.scenarios.Recording;
import dev.ura.samples.scenarios.Scenario;
import dev.ura.samples.sim.GroundTruth.ResponseTruth;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The simulated figures reproduce the case studies: each twin saves about what the study
 * measured, and the browser's screen-centric time is about half its computation-centric time.
 */
class GroundTruthTest {
    /** Expected saving of each twin, percent of the original's response time. */
    private static final Map<String, Double> SAVINGS = new LinkedHashMap<>();

    static {
        SAVINGS.put("news-launch-fixed", 33.0);
        SAVINGS.put("video-launch-fixed", 15.0);
        SAVINGS.put("forum-feed-cached", 26.0);
        SAVINGS.put("forum-feed-parallel", 10.0);
    }

    @Test
    void everySampleHasOneFinishedResponse() {
        for (Scenario s : Samples.scenarios()) {
            assertOne(s.name(), s.record(null));
            for (Scenario.Fix fix : s.fixes()) {
                assertOne(s.name() + "-" + fix.id(), s.record(fix));
            }
        }
    }

    private static void assertOne(String name, Recording r) {
        List<ResponseTruth> rs = r.truth().responses();
        assertThat(rs).as(name).hasSize(1);
        assertThat(rs.get(0).endWhat()).as(name + " ends with a draw").isNotNull();
        assertThat(r.truth().hasUnfulfilledRequests()).as(name).isFalse();
    }

    @Test
    void twinsSaveWhatTheCaseStudiesMeasured() {
        for (Scenario s : Samples.scenarios()) {
            long base = s.record(null).truth().responses().get(0).durationNs();
            for (Scenario.Fix fix : s.fixes()) {
                String twin = s.name() + "-" + fix.id();
                long fixed = s.record(fix).truth().responses().get(0).durationNs();
                assertThat(fixed).as(twin).isLessThan(base);
                if (SAVINGS.containsKey(twin)) {
                    assertThat(100.0 * (base - fixed) / base).as(twin).isCloseTo(SAVINGS.get(twin), within(1.5));
                }
            }
        }
    }

    @Test
    void browserScreenTimeIsAboutHalfItsComputationTime() {
        Scenario browser = Samples.scenarios().stream().filter(s -> s.name().equals("browser-page")).findFirst().orElseThrow();
        ResponseTruth r = browser.record(null).truth().responses().get(0);
        assertThat((double) r.workDurationNs() / r.durationNs()).isCloseTo(2.0, within(0.2));
    }
}
