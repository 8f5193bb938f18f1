package dev.ura.trace.perfetto;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ModelFingerprint;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import dev.ura.trace.testing.SdkTrackEventWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TrackEvents read on the decoding threads ({@link TrackEventFields}) and applied on the reading
 * thread build the model the one-thread read builds: every field the decoder knows (inline and
 * interned names, own and default tracks, legacy delta and absolute times, flows, extra counter
 * values of both kinds, counter values), interned data and defaults in the event's own packet, and
 * malformed events (the error where the direct read meets it, after the packet's interned data).
 */
class PerfettoChunkedTrackEventTest {
    private static final PerfettoReader ONE = new PerfettoReader(1, PerfettoReader.CHUNK_BYTES);
    private static final List<PerfettoReader> CHUNKED = List.of(new PerfettoReader(2, 1), new PerfettoReader(3, 200),
            new PerfettoReader(2, 4096));
    private static final long B = 5_000_000_000L;

    private static byte[] packet(int seq, long ts, Long clock, long flags, ProtoWriter interned, ProtoWriter defaults,
                                 int payloadField, ProtoWriter payload) {
        return TrackEventTest.packet(seq, ts, clock, flags, interned, defaults, payloadField, payload);
    }

    /** Every kind of TrackEvent field on two SDK sequences and one legacy one, plus two malformed events. */
    private static byte[] everyField() {
        List<byte[]> out = new ArrayList<>();
        ProtoWriter snapshot = new ProtoWriter().message(1, new ProtoWriter().varint(1, 6).varint(2, B))
                .message(1, new ProtoWriter().varint(1, 64).varint(2, B).varint(3, 1));
        for (int seq = 1; seq <= 2; seq++) {
            long thread = 100 + seq;
            out.add(packet(seq, B, null, 1, null, new ProtoWriter().varint(58, 64).message(11,
                    new ProtoWriter().varint(11, thread).packed(31, new long[] {900})), 6, snapshot));
            out.add(packet(seq, B, null, 0, null, null, 60, new ProtoWriter().varint(1, thread)
                    .message(4, new ProtoWriter().varint(1, 10).varint(2, 20 + seq).string(5, "t" + seq))));
        }
        out.add(packet(1, B, null, 0, null, null, 60, new ProtoWriter().varint(1, 900).string(2, "mem").varint(5, 101)
                .message(8, new ProtoWriter())));
        out.add(packet(1, B, null, 0, null, null, 60, new ProtoWriter().varint(1, 901).string(2, "load").varint(5, 101)
                .message(8, new ProtoWriter())));
        out.add(packet(1, B, null, 0, null, null, 60, new ProtoWriter().varint(1, 500).string(2, "async track")
                .varint(5, 101)));
        for (int i = 0; i < 30; i++) {
            int seq = 1 + i % 2;
            ProtoWriter interned = i < 4 ? new ProtoWriter().message(2, new ProtoWriter().varint(1, 1 + i % 2)
                    .string(2, "interned " + i)) : null;
            ProtoWriter defaults = i == 12 ? new ProtoWriter().message(11, new ProtoWriter().varint(11, 100 + seq)
                    .packed(45, new long[] {901})) : null;
            ProtoWriter begin = new ProtoWriter().varint(9, 1);
            if (i % 3 == 0) {
                begin.string(23, "inline " + i);
            } else {
                begin.varint(10, 1 + i % 4); // iids 3 and 4 were never sent: named by id
            }
            if (i % 5 == 0) {
                begin.fixed64(47, 70 + i);
            }
            if (i % 7 == 0) {
                begin.packed(12, new long[] {i * 10L});
            }
            if (i > 12 && i % 4 == 1) {
                begin.fixed64(46, Double.doubleToLongBits(i / 4.0));
            }
            out.add(packet(seq, 1000 + i, null, 2, interned, defaults, 11, begin));
            ProtoWriter end = new ProtoWriter().varint(9, 2);
            if (i % 5 == 0) {
                end.fixed64(48, 70 + i);
            }
            out.add(packet(seq, 500, null, 2, null, null, 11, end));
            if (i % 6 == 0) {
                out.add(packet(seq, 100, null, 2, null, null, 11, new ProtoWriter().varint(9, 3).varint(11, 500)
                        .string(23, "async instant " + i)));
                out.add(packet(seq, 100, null, 2, null, null, 11, new ProtoWriter().varint(9, 4).varint(11, 900)
                        .varint(30, i)));
                out.add(packet(seq, 100, null, 2, null, null, 11, new ProtoWriter().varint(9, 4).varint(11, 901)
                        .fixed64(44, Double.doubleToLongBits(i + 0.5))));
            }
        }
        // Malformed events with well-formed headers: a name running past the event (after the
        // packet's interned name, which the direct read applies first), a truncated varint.
        out.add(packet(1, 100, null, 2, new ProtoWriter().message(2, new ProtoWriter().varint(1, 4)
                .string(2, "sent with a bad event")), null, 11, new ProtoWriter().varint(9, 1).key(23, 2).rawVarint(50)));
        out.add(packet(2, 100, null, 2, null, null, 11, new ProtoWriter().key(9, 0).raw(new byte[] {(byte) 0x80})));
        out.add(packet(1, 100, null, 2, null, null, 11, new ProtoWriter().varint(9, 3).varint(10, 4)));
        // Legacy sequence (cleared first): a ThreadDescriptor with a µs base, delta and absolute times, no track.
        out.add(packet(3, -1, null, 1, null, null, 44, new ProtoWriter().varint(1, 30).varint(2, 31).varint(6, 4_000_000)));
        for (int i = 0; i < 6; i++) {
            ProtoWriter e = new ProtoWriter().varint(9, i % 2 == 0 ? 1 : 2).string(23, "legacy " + i);
            if (i == 4) {
                e.varint(16, 4_000_100);
            } else {
                e.varint(1, 10);
            }
            out.add(packet(3, -1, null, 0, null, null, 11, e));
        }
        return PerfettoTraceWriter.concat(out);
    }

    @Test
    void everyFieldAndMalformedEventsBuildTheSameModelOnAnyThread() throws Exception {
        byte[] file = everyField();
        Trace one = read(ONE, file);
        String expected = ModelFingerprint.text(one);
        // The file's events did reach the model, so the comparison is not of two empty models.
        assertThat(one.system().asyncSlices()).isNotEmpty();
        assertThat(one.system().counters()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(one.system().flows()).isNotEmpty();
        assertThat(expected).contains("interned 1", "legacy 0", "iid 3", "malformed packets");
        for (PerfettoReader r : CHUNKED) {
            assertThat(ModelFingerprint.text(read(r, file))).isEqualTo(expected);
        }
    }

    @Test
    void corruptedTrackEventFilesWarnOrFailTheSameWay() {
        byte[] good = SdkTrackEventWriter.write(ClickWorkerNetworkScenario.script());
        PerfettoChunkedReadTest.assertCorruptedCopiesReadAlike(good, 11, 150, CHUNKED);
    }

    private static Trace read(PerfettoReader reader, byte[] b) throws TraceFormatException {
        return reader.read("track-events.pftrace", ByteBuffer.wrap(b), Progress.NONE);
    }
}
