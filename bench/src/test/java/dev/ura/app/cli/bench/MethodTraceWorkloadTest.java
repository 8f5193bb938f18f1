package dev.ura.app.cli.bench;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark measures the engine on what it should: each click ends at the frame after its result. */
class MethodTraceWorkloadTest {
    @Test
    void everyClickEndsWithTheFrameAfterItsResult() {
        Analysis a = Analysis.of(new MethodTraceWorkload().build(3));

        assertThat(a.responses()).hasSize(3);
        assertThat(a.links()).hasSize(6).allMatch(l -> l.via() == LinkKind.AFFINITY);
        for (Response r : a.responses()) {
            long t0 = r.index() * 100_000_000L + 1_000_000L;
            assertThat(r.startNs()).isEqualTo(t0 + 10_000L);
            assertThat(r.endNs()).isEqualTo(t0 + 56_001_000L);
            assertThat(r.finished()).isTrue();
        }
    }
}
