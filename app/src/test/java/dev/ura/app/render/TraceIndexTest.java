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

    /**
     * Pre-order calls of one thread: 0 a (depth 0), 1 b (1), 2 c (2), 3 d (1), 4 e (0), 5 f (1).
     * Callers by hand: b and d are a's, c is b's, f is e's; a and e are top-level.
     */
    @Test
    void aCallersIsFoundByBinarySearchOneDepthUp() {
        Trace trace = new TinyTraces().thread("main", true).call("p.A.a", 0, 0, 100).call("p.A.b", 1, 10, 40)
                .call("p.A.c", 2, 20, 30).call("p.A.d", 1, 40, 90).call("p.A.e", 0, 100, 200)
                .call("p.A.f", 1, 100, 150).build();
        DepthIndex d = TraceIndex.of(trace).depths(0);
        int[] expected = {-1, 0, 1, 0, -1, 4};
        for (int call = 0; call < expected.length; call++) {
            assertThat(d.parent(call)).as("caller of call %d", call).isEqualTo(expected[call]);
        }
    }
}
