package dev.ura.app.render;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WhatIfOverlayTest {
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("a.View.performClick", 0, 100, 200).call("a.Db.query", 1, 120, 150)
            .call("a.View.performClick", 0, 500, 600)
            .thread("worker", false).call("b.Net.fetch", 0, 300, 400)
            .build();

    @Test
    void eachChangedSliceCarriesItsChangesTag() {
        Scenario s = Scenario.BASELINE
                .with(new Change.Defer(new SliceSelector.Exact(new SliceRef(1, 0), "b.Net.fetch")))
                .with(new Change.SpeedUp(new SliceSelector.ByName("a.Db.*"), 2))
                .with(new Change.SpeedUp(new SliceSelector.ByName("a.View.performClick"), 1.5));
        WhatIfOverlay o = new WhatIfOverlay(s, trace.methods(), null);
        var main = trace.threads().get(0).calls();
        var worker = trace.threads().get(1).calls();
        assertThat(o.tagOf(1, 0, worker)).isEqualTo("defer");
        assertThat(o.tagOf(0, 1, main)).isEqualTo("×2");
        assertThat(o.tagOf(0, 0, main)).isEqualTo("×1.5");
        assertThat(o.tagOf(0, 2, main)).isEqualTo("×1.5");
    }

    @Test
    void slicesNoChangeAppliesToAreLeftAlone() {
        Scenario s = Scenario.BASELINE.with(new Change.RunInParallel(new SliceSelector.Exact(new SliceRef(0, 1), "a.Db.query")));
        WhatIfOverlay o = new WhatIfOverlay(s, trace.methods(), null);
        assertThat(o.tagOf(0, 1, trace.threads().get(0).calls())).isEqualTo("parallel");
        assertThat(o.tagOf(0, 0, trace.threads().get(0).calls())).isNull();
        assertThat(o.tagOf(1, 0, trace.threads().get(1).calls())).isNull();
    }
}
