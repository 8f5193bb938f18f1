package dev.ura.app.render;

import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Busy times from top-level calls, and depth indexes built once, when a thread is first asked for. */
class TraceIndexTest {
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("a.A.run", 0, 0, 100).call("a.A.inner", 1, 10, 90).call("a.A.deep", 2, 20, 30)
            .call("a.A.next", 0, 200, 250)
            .thread("w1", false).call("b.B.run", 0, 0, 400).call("b.B.inner", 1, 0, 400)
            .thread("idle", false)
            .build();

    @Test
    void busyTimeIsTheSumOfTopLevelCallsAndOrdersTheLanesAfterMain() {
        TraceIndex index = TraceIndex.of(trace);
        // main: 100 + 50 (nested calls are inside them); w1: 400; idle: none
        assertThat(index.busyNs(0)).isEqualTo(150);
        assertThat(index.busyNs(1)).isEqualTo(400);
        assertThat(index.busyNs(2)).isZero();
        assertThat(index.defaultOrder()).containsExactly(0, 1, 2);
    }

    @Test
    void depthCountsNeedNoIndexAndTheIndexIsBuiltOnce() {
        TraceIndex index = TraceIndex.of(trace);
        assertThat(index.depthCount(0)).isEqualTo(3);
        assertThat(index.depthCount(1)).isEqualTo(2);
        assertThat(index.depthCount(2)).isZero();
        DepthIndex main = index.depths(0);
        assertThat(main.depthCount()).isEqualTo(3);
        assertThat(index.depths(0)).isSameAs(main);
        // depth 0 holds calls 0 and 3 (pre-order), depth 1 call 1, depth 2 call 2
        assertThat(main.to(0) - main.from(0)).isEqualTo(2);
        assertThat(main.call(main.from(0) + 1)).isEqualTo(3);
        assertThat(main.call(main.from(2))).isEqualTo(2);
        assertThat(index.depths(2).depthCount()).isZero();
    }
}
