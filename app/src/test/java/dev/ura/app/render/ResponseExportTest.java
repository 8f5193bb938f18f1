package dev.ura.app.render;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseExportTest {
    @Test
    void everyThreadThatTakesPartIsShownCriticalPathThreadsExpandedTheRestCollapsedIdleOnesLeftOut() throws Exception {
        Trace trace = TraceFiles.read(SharedFiles.require("traces/android/ff-art-trace-regular.trace"));
        Analysis analysis = Analysis.of(trace);
        TraceIndex index = TraceIndex.of(trace);
        TimelineScene s = ResponseExport.scene(index, analysis, 1, Scenario.BASELINE, Palette.LIGHT, 1, List.of());
        CriticalPath path = analysis.criticalPath(1);
        Set<Integer> onPath = new HashSet<>();
        int[] deepest = new int[trace.threads().size()];
        for (Segment seg : path.segments()) {
            onPath.add(seg.thread());
            if (seg.call() != null) {
                deepest[seg.thread()] = Math.max(deepest[seg.thread()],
                        trace.threads().get(seg.thread()).calls().depth(seg.call().call()));
            }
        }
        ResponseGraph g = analysis.graph(1);
        Set<Integer> working = new HashSet<>();
        for (int v = 0; v < g.vertexCount(); v++) {
            working.add(g.thread(v));
        }
        List<Integer> shown = ResponseExport.shownThreads(s);
        assertThat(shown).containsAll(onPath);
        assertThat(shown).hasSizeLessThan(trace.threads().size());
        for (int thread = 0; thread < trace.threads().size(); thread++) {
            int t = thread;
            boolean takesPart = working.contains(t) || onPath.contains(t) || t == analysis.responses().get(1).thread();
            assertThat(shown.contains(t)).as("thread %d shown", t).isEqualTo(takesPart);
            if (onPath.contains(t)) {
                assertThat(s.layout().isCollapsed(t)).isFalse();
                int rows = s.layout().boxes(index, s.metrics(), 0).stream().filter(b -> b.thread() == t)
                        .findFirst().orElseThrow().rows();
                // the deepest critical-path row plus one row of callees, within the thread's depth
                assertThat(rows).isEqualTo(Math.min(deepest[t] + 2, index.depths(t).depthCount()));
            } else if (takesPart) {
                assertThat(s.layout().isCollapsed(t)).isTrue();
            }
        }
        // the time range: the response plus 1/25 of it on each side
        var r = analysis.responses().get(1);
        long margin = r.durationNs() / 25;
        assertThat(s.axis().startNs()).isEqualTo(r.startNs() - margin);
        assertThat(s.axis().endNs()).isEqualTo(r.endNs() + margin);
    }
}
