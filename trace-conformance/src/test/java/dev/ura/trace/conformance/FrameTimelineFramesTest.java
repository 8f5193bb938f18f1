package dev.ura.trace.conformance;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import perfetto.protos.PerfettoTrace.FrameTimelineEvent;
import perfetto.protos.PerfettoTrace.FtraceEvent;
import perfetto.protos.PerfettoTrace.FtraceEventBundle;
import perfetto.protos.PerfettoTrace.PrintFtraceEvent;
import perfetto.protos.PerfettoTrace.TracePacket;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Frames of an app that wrote no {@code Choreographer#doFrame} slices come from FrameTimeline's
 * actual surface frames ({@link Frame.Source#FRAME_TIMELINE}).
 */
class FrameTimelineFramesTest {

    /**
     * nowinandroid (app-only atrace, no doFrame): the official decoder shows 739
     * ActualSurfaceFrameStart packets of pid 9305 (739 tokens, one layer "TX - …MainActivity#50010"),
     * 738 of them with a FrameEnd (the last, token 154418096, has none: the capture stopped), 678
     * on time and 61 late. The first, by hand from its packets: token 154407810, cookie 24693398,
     * start 578090134777002, FrameEnd 578090183018539; PRESENT_LATE (2), jank 64 (app deadline
     * missed); display frame 154408024 (cookie of its ActualDisplayFrameStart → FrameEnd at
     * 578090202207829 = on screen); its ExpectedSurfaceFrameStart (same token) at 578090077378324.
     */
    @Test
    void nowinandroidFramesComeFromFrameTimeline() throws Exception {
        Path f = SharedFiles.require("traces/system-real/nowinandroid__trace.perfetto-trace");
        Trace t = TraceFiles.read(f);
        List<Frame> app = t.system().frames().stream().filter(x -> x.pid() == 9305).toList();
        assertThat(app).hasSize(738).allMatch(Frame::fromTimeline);
        int main = t.system().threadIndex(9305);
        assertThat(app).allMatch(x -> x.mainThread() == main && x.renderThread() == -1);
        assertThat(app.get(0)).isEqualTo(new Frame(154407810L, 9305, main, 578090134777002L, 578090183018539L, -1,
                578090134777002L, 578090183018539L, 578090202207829L, 2, 64, Frame.Source.FRAME_TIMELINE,
                578090077378324L));
        assertThat(app.stream().filter(x -> x.presentType() == 2)).hasSize(61);
        // The app's main thread is the UI thread ura picks (no input, launch or doFrame slice says so).
        assertThat(t.mainThread()).isPresent();
        assertThat(t.mainThread().get().id()).isEqualTo(9305);
    }

    /**
     * Hand-built: app 300 (main thread 300 writes one atrace slice, so the thread exists) has two
     * layers for token 10 — the first dropped, the second shown by display frame 90 — and token 11
     * with no FrameEnd; app 400 wrote a doFrame for token 20, so it keeps its slice frame only.
     */
    @Test
    void oneFramePerTokenFirstShownLayerAndSliceFramesWin() throws Exception {
        long b = 1_000_000_000L;
        Packets p = new Packets()
                .add(ftrace(print(b, 300, "B|300|work"), print(b + 100, 300, "E|300"),
                        print(b + 1_000, 400, "B|400|Choreographer#doFrame 20"), print(b + 5_000, 400, "E|400")))
                .add(surface(b + 1_000, 1, 10, 90, 300, 4, "a"))
                .add(surface(b + 1_000, 2, 10, 90, 300, 1, "b"))
                .add(surface(b + 9_000, 3, 11, 91, 300, 1, "a"))
                .add(surface(b + 1_000, 4, 20, 90, 400, 1, "c"))
                .add(display(b + 8_000, 5, 90))
                .add(end(b + 6_000, 1)).add(end(b + 7_000, 2)).add(end(b + 7_500, 4)).add(end(b + 16_000, 5));
        Trace t = TraceFiles.read("ft.pftrace", ByteBuffer.wrap(p.bytes()), null);
        int main = t.system().threadIndex(300);
        // Token 10: layer "b" (not dropped) from 1,000 to 7,000; on screen when display frame 90 ended (16,000).
        assertThat(t.system().frames()).filteredOn(Frame::fromTimeline).containsExactly(
                new Frame(10, 300, main, b + 1_000, b + 7_000, -1, b + 1_000, b + 7_000, b + 16_000, 1, 0,
                        Frame.Source.FRAME_TIMELINE));
        assertThat(t.system().frames()).filteredOn(x -> x.pid() == 400).singleElement()
                .satisfies(x -> assertThat(x.fromTimeline()).isFalse());
    }

    private static TracePacket.Builder ftrace(FtraceEvent.Builder... events) {
        FtraceEventBundle.Builder bundle = FtraceEventBundle.newBuilder().setCpu(0);
        for (FtraceEvent.Builder e : events) {
            bundle.addEvent(e);
        }
        return TracePacket.newBuilder().setTrustedPacketSequenceId(1).setFtraceEvents(bundle);
    }

    private static FtraceEvent.Builder print(long ts, int tid, String buf) {
        return FtraceEvent.newBuilder().setTimestamp(ts).setPid(tid).setPrint(PrintFtraceEvent.newBuilder().setBuf(buf));
    }

    private static TracePacket.Builder surface(long ts, long cookie, long token, long displayToken, int pid,
                                               int presentType, String layer) {
        return TracePacket.newBuilder().setTrustedPacketSequenceId(2).setTimestamp(ts).setFrameTimelineEvent(
                FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(
                        FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder().setCookie(cookie).setToken(token)
                                .setDisplayFrameToken(displayToken).setPid(pid).setLayerName(layer)
                                .setPresentType(FrameTimelineEvent.PresentType.forNumber(presentType))));
    }

    private static TracePacket.Builder display(long ts, long cookie, long token) {
        return TracePacket.newBuilder().setTrustedPacketSequenceId(2).setTimestamp(ts).setFrameTimelineEvent(
                FrameTimelineEvent.newBuilder().setActualDisplayFrameStart(
                        FrameTimelineEvent.ActualDisplayFrameStart.newBuilder().setCookie(cookie).setToken(token)
                                .setPid(500).setPresentType(FrameTimelineEvent.PresentType.PRESENT_ON_TIME)));
    }

    private static TracePacket.Builder end(long ts, long cookie) {
        return TracePacket.newBuilder().setTrustedPacketSequenceId(2).setTimestamp(ts).setFrameTimelineEvent(
                FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd.newBuilder().setCookie(cookie)));
    }
}
