package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.OTHER;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.app.analysis.system.SystemTraces.stretches;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rule 4: a TrackEvent flow from the input's handler ({@code post}, 150, inside the input 100–300)
 * to a worker ({@code run}, 5010) tracks the worker from 5010, although an untracked thread woke
 * it (4990); it runs until 5300 and wakes main at 5200, which draws frame 41 (doFrame 6000, drawn
 * until 6400). Without the flow the response would end with frame 40 (1200).
 */
class FlowResponseTest {
    private static final int SEQ = 77;

    private static byte[] packet(long ts, int payloadField, ProtoWriter payload) {
        ProtoWriter p = new ProtoWriter();
        if (ts >= 0) {
            p.varint(8, ts).varint(58, 6);
        }
        p.varint(10, SEQ).message(payloadField, payload);
        return new ProtoWriter().message(1, p).toByteArray();
    }

    private static byte[] track(long uuid, long pid, long tid) {
        return packet(-1, 60, new ProtoWriter().varint(1, uuid)
                .message(4, new ProtoWriter().varint(1, pid).varint(2, tid)));
    }

    private static ProtoWriter event(int type, long track) {
        return new ProtoWriter().varint(9, type).varint(11, track);
    }

    @Test
    void aFlowFromTrackedWorkTracksItsDestination() throws Exception {
        Machine m = new Machine().run(APP, 0, 400, "S").slice(APP, 100, 300, "deliverInputEvent id=0xa")
                .run(OTHER, 4980, 5000, "S").wake(OTHER, WORKER, 4990).run(WORKER, 5000, 5300, "S")
                .wake(WORKER, APP, 5200).run(APP, 5210, 6500, "S")
                .frame(40, 1000, 1100, 1100, 1200, -1).frame(41, 6000, 6100, 6100, 6400, -1);
        List<byte[]> packets = new ArrayList<>();
        packets.add(PerfettoTraceWriter.write(m.s, PerfettoTraceWriter.Options.plain()));
        packets.add(track(11, APP, APP));
        packets.add(track(12, APP, WORKER));
        packets.add(packet(t(150), 11, event(1, 11).string(23, "post").fixed64(47, 99)));
        packets.add(packet(t(160), 11, event(2, 11)));
        packets.add(packet(t(5010), 11, event(1, 12).string(23, "run").fixed64(48, 99)));
        packets.add(packet(t(5100), 11, event(2, 12)));
        Trace trace = TraceSession.load("flow.perfetto-trace", ByteBuffer.wrap(PerfettoTraceWriter.concat(packets)),
                null);
        assertThat(trace.system().flows()).hasSize(1);

        Analysis a = Analysis.of(trace);
        assertThat(a.responses()).hasSize(1);
        assertThat(stretches(trace, SystemTraces.work(a, 0)))
                .containsExactly("1000 100-300 TRIGGER", "1020 5010-5300 FLOW", "1000 5200-6500 WAKEUP");
        assertThat(a.links()).extracting(l -> l.via()).containsExactly(LinkKind.FLOW, LinkKind.WAKEUP);
        Response r = a.responses().get(0);
        assertThat(r.endNs()).isEqualTo(t(6400));
        assertThat(r.end().name()).isEqualTo("DrawFrames 41");
        assertThat(SystemTraces.work(a, 0).vsyncId()).isEqualTo(41);
    }
}
