package dev.ura.trace.perfetto;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.CounterTrack;
import dev.ura.trace.model.system.Flow;
import dev.ura.trace.model.system.ThreadInstant;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TrackEvents as the Perfetto SDK writes them: an incremental clock (64) defined by a snapshot on
 * each incremental-state clear, interned names (void after a clear), thread track descriptors,
 * flows and counters. Times below are µs after {@link #B}.
 */
class TrackEventTest {
    private static final long B = 5_000_000_000L;
    private static final int SEQ = 7;

    private static long t(long us) {
        return B + us * 1000;
    }

    private static byte[] packet(long ts, Long clock, long flags, ProtoWriter interned, ProtoWriter defaults,
                                 int payloadField, ProtoWriter payload) {
        return packet(SEQ, ts, clock, flags, interned, defaults, payloadField, payload);
    }

    /** A trace packet of sequence {@code seq} holding {@code payload} in field {@code payloadField} (also used by PerfettoChunkedTrackEventTest). */
    static byte[] packet(int seq, long ts, Long clock, long flags, ProtoWriter interned, ProtoWriter defaults,
                                 int payloadField, ProtoWriter payload) {
        ProtoWriter p = new ProtoWriter();
        if (ts >= 0) {
            p.varint(8, ts);
        }
        if (clock != null) {
            p.varint(58, clock);
        }
        p.varint(10, seq);
        if (flags != 0) {
            p.varint(13, flags);
        }
        if (interned != null) {
            p.message(12, interned);
        }
        if (defaults != null) {
            p.message(59, defaults);
        }
        p.message(payloadField, payload);
        return new ProtoWriter().message(1, p).toByteArray();
    }

    private static ProtoWriter names(long iid, String name) {
        return new ProtoWriter().message(2, new ProtoWriter().varint(1, iid).string(2, name));
    }

    private static ProtoWriter snapshot(long value) {
        return new ProtoWriter().message(1, new ProtoWriter().varint(1, 6).varint(2, value))
                .message(1, new ProtoWriter().varint(1, 64).varint(2, value).varint(3, 1));
    }

    private static ProtoWriter event(int type, long track) {
        return new ProtoWriter().varint(9, type).varint(11, track);
    }

    @Test
    void slicesFlowsCountersAndInstantsOnSdkTracks() throws Exception {
        List<byte[]> p = new ArrayList<>();
        ProtoWriter defaults = new ProtoWriter().varint(58, 64);
        p.add(packet(B, 6L, 1, null, defaults, 6, snapshot(B)));
        p.add(packet(-1, null, 2, null, null, 60, new ProtoWriter().varint(1, 11)
                .message(4, new ProtoWriter().varint(1, 300).varint(2, 301).string(5, "sdk-main"))));
        p.add(packet(-1, null, 2, null, null, 60, new ProtoWriter().varint(1, 12)
                .message(4, new ProtoWriter().varint(1, 300).varint(2, 302).string(5, "sdk-worker"))));
        p.add(packet(-1, null, 2, null, null, 60, new ProtoWriter().varint(1, 13).string(2, "frames")
                .message(3, new ProtoWriter().varint(1, 300)).message(8, new ProtoWriter())));
        p.add(packet(1_000_000, null, 2, names(1, "load"), null, 11, event(1, 11).varint(10, 1).fixed64(47, 99)));
        p.add(packet(500_000, null, 2, null, null, 11, event(1, 12).string(23, "work").fixed64(48, 99)));
        p.add(packet(2_000_000, null, 2, null, null, 11, event(2, 12)));
        p.add(packet(500_000, null, 2, null, null, 11, event(2, 11)));
        p.add(packet(100_000, null, 2, null, null, 11, event(4, 13).varint(30, 7)));
        // An explicit clock is absolute and leaves the incremental clock where it was (4100 µs).
        p.add(packet(t(5000), 6L, 2, null, null, 11, event(3, 11).string(23, "mark")));
        p.add(packet(100_000, null, 2, null, null, 11, event(1, 11).varint(10, 1)));
        // A clear voids the interned names: iid 1 now means "other".
        p.add(packet(t(6000), 6L, 1 | 2, names(1, "other"), defaults, 6, snapshot(t(6000))));
        p.add(packet(10_000, null, 2, null, null, 11, event(1, 11).varint(10, 1)));
        p.add(packet(10_000, null, 2, null, null, 11, event(2, 11)));
        Trace trace = TraceFiles.read("sdk.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.concat(p)), null);

        int main = trace.system().threadIndex(301);
        int worker = trace.system().threadIndex(302);
        assertThat(trace.threads().get(main).name()).isEqualTo("sdk-main");
        assertThat(trace.system().threads().get(main).tgid()).isEqualTo(300);
        CallTable m = trace.threads().get(main).calls();
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            calls.add(trace.methods().get(m.method(i)).name() + " d" + m.depth(i) + " " + (m.start(i) - B) / 1000
                    + "-" + (m.end(i) - B) / 1000);
        }
        assertThat(calls).containsExactly("load d0 1000-4000", "load d0 4200-6020", "other d1 6010-6020");
        CallTable w = trace.threads().get(worker).calls();
        assertThat(w.size()).isEqualTo(1);
        assertThat(w.start(0)).isEqualTo(t(1500));
        assertThat(w.end(0)).isEqualTo(t(3500));
        assertThat(trace.system().flows()).containsExactly(new Flow(99, main, t(1000), worker, t(1500)));
        assertThat(trace.system().instants()).containsExactly(new ThreadInstant(main, t(5000), "mark"));
        CounterTrack c = trace.system().counters().get(0);
        assertThat(c.name()).isEqualTo("frames");
        assertThat(c.pid()).isEqualTo(300);
        assertThat(c.time(0)).isEqualTo(t(4100));
        assertThat(c.value(0)).isEqualTo(7.0);
        assertThat(trace.warnings()).contains("1 slices never ended (closed at the end of the trace)");
    }

    @Test
    void packetsNeedingStateLostToADropAreSkippedAndCounted() throws Exception {
        List<byte[]> p = new ArrayList<>();
        p.add(packet(B, 6L, 1, null, new ProtoWriter().varint(58, 64), 6, snapshot(B)));
        p.add(packet(-1, null, 2, null, null, 60, new ProtoWriter().varint(1, 11)
                .message(4, new ProtoWriter().varint(1, 300).varint(2, 301))));
        ProtoWriter dropped = new ProtoWriter().varint(8, 1000).varint(10, SEQ).varint(13, 2).varint(42, 1)
                .message(11, event(1, 11).string(23, "lost"));
        p.add(new ProtoWriter().message(1, dropped).toByteArray());
        Trace trace = TraceFiles.read("drop.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.concat(p)), null);
        assertThat(trace.warnings()).contains("1 packets were lost by their writer before others (previous_packet_dropped)",
                "1 packets skipped because their sequence lost the state they need");
        assertThat(trace.callCount()).isZero();
    }
}
