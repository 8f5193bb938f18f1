package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SliceSearchTest {
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("a.View.performClick", 0, 100, 200).call("a.Db.query", 1, 120, 150)
            .call("a.View.performClick", 0, 500, 600)
            .thread("worker", false).call("b.Net.PERFORMclickish", 0, 300, 400)
            .build();

    @Test
    void matchesArePartsOfFullNamesIgnoringCase() {
        boolean[] m = SliceSearch.matches(trace.methods(), " performclick ");
        assertThat(SliceSearch.count(trace, m)).isEqualTo(3);
        assertThat(SliceSearch.matches(trace.methods(), "  ")).isNull();
    }

    @Test
    void stepsGoInTimeOrderAcrossThreadsAndWrap() {
        boolean[] m = SliceSearch.matches(trace.methods(), "performclick");
        SliceRef first = SliceSearch.step(trace, m, null, true);
        assertThat(first).isEqualTo(new SliceRef(0, 0));
        SliceRef second = SliceSearch.step(trace, m, first, true);
        assertThat(second).isEqualTo(new SliceRef(1, 0));
        SliceRef third = SliceSearch.step(trace, m, second, true);
        assertThat(third).isEqualTo(new SliceRef(0, 2));
        assertThat(SliceSearch.step(trace, m, third, true)).isEqualTo(first);
        assertThat(SliceSearch.step(trace, m, first, false)).isEqualTo(third);
        assertThat(SliceSearch.step(trace, m, third, false)).isEqualTo(second);
    }

    @Test
    void rankCountsMatchesBeforeTheSliceInStepOrder() {
        boolean[] m = SliceSearch.matches(trace.methods(), "performclick");
        // order: main#0 at 100, worker#0 at 300, main#2 at 500
        assertThat(SliceSearch.rank(trace, m, new SliceRef(0, 0))).isEqualTo(1);
        assertThat(SliceSearch.rank(trace, m, new SliceRef(1, 0))).isEqualTo(2);
        assertThat(SliceSearch.rank(trace, m, new SliceRef(0, 2))).isEqualTo(3);
        assertThat(SliceSearch.rank(trace, m, new SliceRef(0, 1))).as("Db.query does not match").isZero();
        assertThat(SliceSearch.rank(trace, m, null)).isZero();
    }

    @Test
    void detailsSayWhetherASliceIsOnTheCriticalPathWithItsLeastSlack() {
        // main: performClick 100-200 (call 0) calls Db.query 120-150 (call 1); performClick 500-600 (call 2)
        var path = new dev.ura.app.analysis.model.CriticalPath(java.util.List.of(
                segment(0, 1, 120, 150, 0),
                segment(0, 0, 150, 180, 5_000_000),
                segment(1, 0, 300, 400, 0)), 400);
        assertThat(SliceDescriptions.onCriticalPath(trace, new SliceRef(0, 0), path))
                .isEqualTo("yes: " + dev.ura.app.render.TimeFormat.duration(60) + " in 2 segments · slack "
                        + dev.ura.app.render.TimeFormat.duration(0));
        assertThat(SliceDescriptions.onCriticalPath(trace, new SliceRef(0, 1), path))
                .startsWith("yes: " + dev.ura.app.render.TimeFormat.duration(30) + " in 1 segment ·");
        assertThat(SliceDescriptions.onCriticalPath(trace, new SliceRef(0, 2), path)).startsWith("no:");
        assertThat(SliceDescriptions.onCriticalPath(trace, new SliceRef(0, 2), null)).isNull();
        assertThat(SliceDescriptions.detailsHtml(trace, new SliceRef(0, 0), path)).contains("Critical path");
    }

    private static dev.ura.app.analysis.model.Segment segment(int thread, int call, long start, long end, long slack) {
        return new dev.ura.app.analysis.model.Segment(0, thread, "t" + thread, "m", start, end,
                dev.ura.app.analysis.model.Category.CPU, dev.ura.app.analysis.model.LinkKind.PROGRAM_ORDER, slack,
                new SliceRef(thread, call));
    }

    @Test
    void selfTimeSubtractsDirectChildren() {
        assertThat(SliceDescriptions.selfTime(trace.threads().get(0).calls(), 0)).isEqualTo(70);
    }
}
