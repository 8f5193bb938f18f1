package dev.ura.app.analysis.graph;

import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A frame rhythm is the same whether a frame is one DRAW (method trace) or one DRAW per view (agent log). */
class FrameCadenceTest {
    private static final long FRAME = 16_666_667L;

    private static EventTable frames(int viewsPerFrame) {
        EventTable.Builder b = new EventTable.Builder();
        for (int k = 0; k < 8; k++) {
            for (int v = 0; v < viewsPerFrame; v++) {
                // the views of one frame are drawn one after another, 0.5 ms each
                long start = k * FRAME + v * 500_000L;
                int e = b.add(EventKind.DRAW, 0, start, start + 500_000L, true);
                b.setIdentity(e, String.valueOf(v));
            }
        }
        return b.build();
    }

    @Test
    void oneDrawPerFrameShowsTheRhythm() {
        assertThat(FrameCadence.detect(frames(1), 0)).hasValueSatisfying(c -> assertThat(c.periodNs())
                .isBetween(FRAME - 1, FRAME + 1));
    }

    @Test
    void severalDrawsPerFrameShowTheSameRhythm() {
        // before: gaps of 0.5 ms between the views of a frame made the median 0.5 ms: no rhythm
        assertThat(FrameCadence.detect(frames(3), 0)).hasValueSatisfying(c -> assertThat(c.periodNs())
                .isBetween(FRAME - 1, FRAME + 1));
    }
}
