package dev.ura.app.ui.response;

import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ResponsesPanelTest {
    @Test
    void triggersAreShortenedToClassOrClassAndMethod() {
        assertThat(ResponsesPanel.shortTrigger("org.mozilla.fenix.HomeActivity")).isEqualTo("HomeActivity");
        assertThat(ResponsesPanel.shortTrigger("android.view.View.performClick")).isEqualTo("View.performClick");
        assertThat(ResponsesPanel.shortTrigger("onClick")).isEqualTo("onClick");
    }

    @Test
    void endsWithNamesTheEndingEventShortly() {
        var draw = new dev.ura.app.analysis.model.EndEvent(0, "main", dev.ura.trace.model.EventKind.DRAW,
                "com.example.notes.NoteListView", 5_000);
        assertThat(ResponsesPanel.endsWith(new dev.ura.app.analysis.model.Response(0, "onClick", 0, "main", 0, 5_000,
                true, draw))).isEqualTo("draw NoteListView");
        assertThat(ResponsesPanel.endsWith(new dev.ura.app.analysis.model.Response(1, "onClick", 0, "main", 0, 10,
                true, null))).isEqualTo("no draw");
    }

    /** A system response: its frame, and when it was on screen after the response began (3.1 ms). */
    @Test
    void aSystemResponseEndsWithItsFrameAndWhenItWasShown() {
        var drawn = new dev.ura.app.analysis.model.EndEvent(1, "RenderThread", dev.ura.trace.model.EventKind.DRAW_FRAME,
                "DrawFrames 42", 2_600_000);
        var r = new dev.ura.app.analysis.model.Response(0, "deliverInputEvent", 0, "main", 0, 2_600_000, true, drawn);
        var system = dev.ura.app.analysis.model.ResponseDescription.Engine.SYSTEM;
        var shown = new dev.ura.app.analysis.model.ResponseDescription(system, true, 2_600_000, 42, 3_100_000, null);
        assertThat(ResponsesPanel.endsWith(r, shown)).isEqualTo("DrawFrames 42 · on screen +3.1 ms");
        var dropped = new dev.ura.app.analysis.model.ResponseDescription(system, true, 2_600_000, 42, -1, null);
        assertThat(ResponsesPanel.endsWith(r, dropped)).isEqualTo("DrawFrames 42");
        var unfinished = new dev.ura.app.analysis.model.Response(0, "deliverInputEvent", 0, "main", 0, 700, false, null);
        assertThat(ResponsesPanel.endsWith(unfinished, new dev.ura.app.analysis.model.ResponseDescription(system, true, -1, -1,
                -1, dev.ura.app.analysis.model.SystemWork.NO_FRAME))).isEqualTo("no frame");
    }

    /** A method trace's response, described by its engine, shows its ending event as before. */
    @Test
    void aMethodResponseDescribedByItsEngineEndsWithItsDraw() {
        var drawn = new dev.ura.app.analysis.model.EndEvent(0, "main", dev.ura.trace.model.EventKind.DRAW,
                "com.example.NoteListView", 5_000);
        var r = new dev.ura.app.analysis.model.Response(0, "onClick", 0, "main", 0, 5_000, true, drawn);
        var method = new dev.ura.app.analysis.model.ResponseDescription(
                dev.ura.app.analysis.model.ResponseDescription.Engine.METHOD, false, -1, -1, -1, null);
        assertThat(ResponsesPanel.endsWith(r, method)).isEqualTo("draw NoteListView").isEqualTo(ResponsesPanel.endsWith(r));
    }

    @Test
    void selfTimesAreClippedToTheWindowAndExcludeChildren() {
        Trace t = new TinyTraces().thread("main", true)
                .call("a.A.outer", 0, 0, 1000).call("a.B.inner", 1, 200, 700)
                .thread("w", false).call("a.B.inner", 0, 900, 1500)
                .build();
        Map<String, Long> self = StatsPanel.selfTimes(t, 100, 1000);
        assertThat(self).containsEntry("A.outer", 900L - 500L).containsEntry("B.inner", 500L + 100L);
    }

    @Test
    void parkedTimeIsNotCountedAsWorkInTheTopMethods() {
        // outer 0..1000 calls park 100..800: outer's own work is 300 ns; park is idle, so it is no
        // "top method" and its 700 ns are not outer's either.
        Trace t = new TinyTraces().thread("main", true)
                .call("a.A.outer", 0, 0, 1000).call("java.util.concurrent.locks.LockSupport.park", 1, 100, 800)
                .build();
        Map<String, Long> self = StatsPanel.selfTimes(t, 0, 1000);
        assertThat(self).containsOnly(Map.entry("A.outer", 300L));
    }
}
