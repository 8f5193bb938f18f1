package dev.ura.app.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.samples.SampleGenerator;
import dev.ura.samples.Samples;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The engine finds, in every bundled file, exactly the response the simulation produced: same
 * trigger time, same end (to the microsecond), finished, ended by the draw of the same thing.
 */
class SampleGroundTruthTest {

    @Test
    void engineFindsTheSimulatedResponses() throws IOException {
        Map<String, JsonNode> truth = groundTruth();
        for (Samples.Sample s : Samples.all()) {
            JsonNode expected = truth.get(s.name()).get("responses");
            Analysis a = SampleRuns.analysis(s.resource());
            List<Response> found = SampleRuns.caseStudies(a);
            assertThat(found).as(s.resource()).hasSize(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                Response r = found.get(i);
                JsonNode e = expected.get(i);
                assertThat(r.finished()).as(s.resource()).isTrue();
                // the simulation starts a tap's response at its click; the engine at the up event that
                // posted the click (docs/android-method-rules.md "Inputs"), at most 1 ms before it
                assertThat(r.startNs()).as(s.resource() + " start").isBetween(e.get("startNs").asLong() - 1_000_000L,
                        e.get("startNs").asLong() + 1_000L);
                assertThat(r.endNs()).as(s.resource() + " end").isCloseTo(e.get("endNs").asLong(), within(1_000L));
                assertThat(r.threadName()).isEqualTo("main");
            }
        }
    }

    @Test
    void browserScreenTimeIsAboutHalfItsComputationTime() {
        for (String resource : new String[] {"/samples/browser-page.trace", "/samples/browser-page.jsonl"}) {
            Analysis a = SampleRuns.analysis(resource);
            Response r = SampleRuns.caseStudies(a).get(0);
            double ratio = (double) (trackedWorkEnd(a.work(r.index())) - r.startNs()) / r.durationNs();
            assertThat(ratio).as(resource).isCloseTo(2.0, within(0.25));
        }
    }

    /** The end of the last event of the response's tracked work: its computation-centric end. */
    static long trackedWorkEnd(ResponseWork w) {
        long end = w.response().startNs();
        for (int i = w.tracked().nextSetBit(0); i >= 0; i = w.tracked().nextSetBit(i + 1)) {
            end = Math.max(end, w.events().end(i));
        }
        return end;
    }

    private static Map<String, JsonNode> groundTruth() throws IOException {
        JsonNode root = new ObjectMapper().readTree(Samples.bytes("/samples/expected/" + SampleGenerator.GROUND_TRUTH));
        Map<String, JsonNode> out = new HashMap<>();
        root.get("samples").forEach(n -> out.put(n.get("name").asText(), n));
        return out;
    }
}
