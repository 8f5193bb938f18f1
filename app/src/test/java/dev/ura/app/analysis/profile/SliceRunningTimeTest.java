package dev.ura.app.analysis.profile;

import dev.ura.app.analysis.TraceSession;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.PerfettoTraceWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Running time per innermost slice on {@link DiskWriteBinderLockScenario} within its response
 * (1000–21600 µs), worked out from the scenario's running intervals: a slice's sleeps (the disk,
 * the binder call, the lock) are not its running time.
 */
class SliceRunningTimeTest {

    @Test
    void eachSliceGetsOnlyTheCpuTimeOfItsOwnCode() throws Exception {
        Trace trace = TraceSession.load("notes.perfetto-trace", ByteBuffer.wrap(PerfettoTraceWriter.write(
                DiskWriteBinderLockScenario.script(), PerfettoTraceWriter.Options.plain())), null);
        Map<String, Long> us = new TreeMap<>();
        SliceRunningTime.byName(trace, t(1000), t(21600)).forEach((name, ns) -> us.put(
                name.startsWith("deliverInputEvent") ? "deliverInputEvent" : name.startsWith("sendMessage")
                        ? "sendMessage" : name, ns / 1000));
        // main runs 1300–1800, 4850–5250, 10650–11100, 16650–19100; RenderThread 18550–(21600);
        // android.bg (1000)–10100; binder:600_3 5300–5700, 10000–10700; InputDispatcher 1150–1350
        assertThat(us).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("persistNotes", 8900L),            // 1000–9900 (its 50 µs after 9900: no slice)
                Map.entry("DrawFrames 8001", 3000L),         // 18600–21600
                Map.entry("draw", 1400L),                    // 17500–18900
                Map.entry("traversal", 750L),                // 16800–17500, 18900–18950
                Map.entry("AIDL::java::INoteSync::sync::server", 650L), // 5400–5600, 10050–10500
                Map.entry("writeNote", 450L),                // 1500–1800, 4850–5000 (not the 3000 µs in D)
                Map.entry("deliverInputEvent", 400L),        // 1400–1500, 5000–5100, 10800–11000
                Map.entry("AIDL::java::INoteSync::sync::client", 300L), // 5100–5250, 10650–10800
                Map.entry("Lock contention on a monitor lock (owner tid: 650)", 150L), // 5600–5700, 10000–10050
                Map.entry("Choreographer#doFrame 8001", 150L), // 16700–16800, 18950–19000
                Map.entry("sendMessage", 100L)));            // 1200–1300
    }
}
