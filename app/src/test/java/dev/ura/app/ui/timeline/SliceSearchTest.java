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
    void selfTimeSubtractsDirectChildren() {
        assertThat(SliceDescriptions.selfTime(trace.threads().get(0).calls(), 0)).isEqualTo(70);
    }
}
