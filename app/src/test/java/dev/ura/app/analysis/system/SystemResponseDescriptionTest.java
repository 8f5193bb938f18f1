package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.ResponseDescription.Engine;
import dev.ura.app.analysis.model.SystemWork;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** What the engine says of a system trace's responses, for clients to word and draw them by (µs). */
class SystemResponseDescriptionTest {
    /**
     * Input 150–300 inside doFrame 10 (100–600) is drawn by that frame: DrawFrames 10 ends at 800,
     * FrameTimeline shows it at 850 (as in SystemResponseRulesTest's first case).
     */
    @Test
    void aResponseDrawnByAFrameCarriesThatFrame() throws Exception {
        Machine m = new Machine().run(APP, 0, 1000, "S").frame(10, 100, 600, 600, 800, 850)
                .slice(APP, 150, 300, "deliverInputEvent src=0x1002 id=0x2");
        ResponseDescription d = Analysis.of(SystemTraces.perfetto(m.s)).describe(0);
        assertThat(d.engine()).isEqualTo(Engine.SYSTEM);
        assertThat(d.endsAtDrawnFrame()).isTrue();
        assertThat(d.pathBySchedulerState()).isTrue();
        assertThat(d.drawnAtNs()).isEqualTo(t(800));
        assertThat(d.vsyncId()).isEqualTo(10);
        assertThat(d.onScreenAtNs()).isEqualTo(t(850));
        assertThat(d.unfinished()).isNull();
    }

    /** Input 100–300 wakes a worker that runs to 700 and no frame is ever drawn: unfinished. */
    @Test
    void workThatRequestsNoFrameIsUnfinishedWithThatReason() throws Exception {
        Machine m = new Machine().run(APP, 0, 300, "S").slice(APP, 100, 300, "deliverInputEvent id=0x5")
                .wake(APP, WORKER, 200).run(WORKER, 210, 700, "S");
        ResponseDescription d = Analysis.of(SystemTraces.perfetto(m.s)).describe(0);
        assertThat(d.endsAtDrawnFrame()).isTrue();
        assertThat(d.drawnAtNs()).isEqualTo(-1);
        assertThat(d.vsyncId()).isEqualTo(-1);
        assertThat(d.unfinishedReason()).isEqualTo(SystemWork.NO_FRAME);
        assertThat(d.unfinished()).isEqualTo("UNFINISHED: its tracked work requested no frame");
    }
}
