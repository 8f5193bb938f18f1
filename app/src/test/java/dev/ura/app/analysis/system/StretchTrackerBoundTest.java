package dev.ura.app.analysis.system;

import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** The bound on one response's stretches: the search stops adding and says it was cut. */
class StretchTrackerBoundTest {
    @Test
    void theSearchStopsAtTheBoundAndSaysSo() throws Exception {
        Trace trace = SystemTraces.perfetto(SystemScenarios.tap());
        SystemThreads threads = new SystemThreads(trace);
        int main = trace.system().threadIndex(SystemScenarios.APP);
        StretchTracker bounded = new StretchTracker(new Handoffs(trace.system(), threads), threads,
                trace.lastTimeNs(), 3);
        StretchTracker.Result r = bounded.track(main, t(100), t(400));
        assertThat(r.capped()).isTrue();
        assertThat(r.stretches()).hasSize(3);
        StretchTracker free = new StretchTracker(new Handoffs(trace.system(), threads), threads, trace.lastTimeNs());
        StretchTracker.Result all = free.track(main, t(100), t(400));
        assertThat(all.capped()).isFalse();
        assertThat(all.stretches()).hasSize(6);
        // The tracker is reused across responses: a second search starts from nothing.
        assertThat(free.track(main, t(100), t(400)).stretches()).hasSize(6);
    }
}
