package dev.ura.app.analysis;

import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.ResponseDescription.Engine;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the engine says of a method trace's responses, for clients to word and draw them by. */
class ResponseDescriptionTest {
    /**
     * {@link MethodTraceResponseTest#unfinished()}: click 1 invalidates at 1.1 ms and the frame at
     * 8–9 ms draws it (performDraw from 8.04 ms, the trace's only draw); click 2 calls requestLayout
     * at 30.1 ms and no frame follows, so it is unfinished, its request after the last frame at
     * 8.04 ms, both printed to one decimal. Neither ends at a frame "drawn at", so no frame times.
     */
    @Test
    void aMethodTraceResponseEndsAtItsDrawAndSaysWhyItIsUnfinished() {
        Analysis a = Analysis.of(MethodTraceResponseTest.unfinished().build());

        ResponseDescription drawn = a.describe(0);
        assertThat(drawn.engine()).isEqualTo(Engine.METHOD);
        assertThat(drawn.endsAtDrawnFrame()).isFalse();
        assertThat(drawn.pathBySchedulerState()).isFalse();
        assertThat(drawn.unfinished()).isNull();
        assertThat(drawn.drawnAtNs()).isEqualTo(-1);
        assertThat(drawn.onScreenAtNs()).isEqualTo(-1);

        ResponseDescription open = a.describe(1);
        assertThat(open.unfinishedReason())
                .isEqualTo("its work requested an update at 30.1 ms, after the trace's last frame (8.0 ms)");
        assertThat(open.unfinished()).isEqualTo("UNFINISHED: " + open.unfinishedReason());
    }
}
