package dev.ura.trace.perfetto;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadInfo;
import dev.ura.trace.testing.ModelFingerprint;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chunk's tables list each thread, its process claim and a repeated name once per chunk, not
 * once per bundle; a name repeated from an earlier bundle of the chunk still counts when something
 * between the two bundles renamed the thread (a process tree, a bundle decoded the direct way).
 * Every chunk layout, down to one packet a chunk and up to all of them in one, must build the
 * one-thread read's model.
 */
class PerfettoChunkNamesTest {
    private static final PerfettoReader ONE = new PerfettoReader(1, PerfettoReader.CHUNK_BYTES);

    /**
     * Thread 10 is switched in as "ten" (bundle 1, tables), renamed "renamed" by a process tree at
     * 115, and switched out as "ten" at 130 (bundle 3, tables): the same name as its last one in
     * bundle 1, but the model's last name is "renamed", so "ten" is a change again.
     */
    @Test
    void aRenameBetweenTwoBundlesOfAChunkIsNotLost() throws Exception {
        List<byte[]> packets = new ArrayList<>();
        packets.add(bundle(0, switchEvent(100, "swapper", 0, 0, "ten", 10),
                event(110, 10, 3, new ProtoWriter().string(2, "B|10|a\n"))));
        packets.add(new ProtoWriter().message(1, new ProtoWriter().varint(8, 115).message(2,
                new ProtoWriter().message(2, new ProtoWriter().varint(1, 10).string(2, "renamed").varint(3, 10))))
                .toByteArray());
        packets.add(bundle(0, event(120, 10, 3, new ProtoWriter().string(2, "E|10\n")),
                switchEvent(130, "ten", 10, 1, "swapper", 0)));
        Trace t = sameModelEveryChunking(packets);
        // By hand: "ten" at 100 (the first name holds from the start), "renamed" at 115, "ten" at 130.
        assertThat(names(t, 10)).containsExactly(new ThreadInfo.Name(Long.MIN_VALUE, "ten"),
                new ThreadInfo.Name(115, "renamed"), new ThreadInfo.Name(130, "ten"));
    }

    /**
     * Bundle 2 names thread 10 "x" in a switch and first meets thread 12 (a slice), then holds a
     * counter print (not taken by the tables: the bundle is decoded the direct way) and names 10
     * "y"; bundle 3 names 10 "x" again and ends 12's slice: 12 must be listed again by the tables.
     */
    @Test
    void aBundleDecodedTheDirectWayBetweenTwoOfTheTables() throws Exception {
        List<byte[]> packets = new ArrayList<>();
        packets.add(bundle(0, switchEvent(100, "swapper", 0, 0, "x", 10),
                event(110, 10, 3, new ProtoWriter().string(2, "B|10|a\n"))));
        packets.add(bundle(0, switchEvent(115, "x", 10, 1, "swapper", 0),
                event(116, 12, 3, new ProtoWriter().string(2, "B|12|c\n")),
                event(117, 10, 3, new ProtoWriter().string(2, "C|10|counter|5\n")),
                switchEvent(118, "swapper", 0, 0, "y", 10)));
        packets.add(bundle(0, switchEvent(120, "x", 10, 1, "swapper", 0),
                event(125, 11, 3, new ProtoWriter().string(2, "B|11|b\n")),
                event(126, 11, 3, new ProtoWriter().string(2, "E|11\n")),
                event(127, 10, 3, new ProtoWriter().string(2, "E|10\n")),
                event(128, 12, 3, new ProtoWriter().string(2, "E|12\n"))));
        Trace t = sameModelEveryChunking(packets);
        // "x" from the start, "y" at 118 (bundle 2's last switch), "x" again at 120.
        assertThat(names(t, 10)).containsExactly(new ThreadInfo.Name(Long.MIN_VALUE, "x"),
                new ThreadInfo.Name(118, "y"), new ThreadInfo.Name(120, "x"));
        assertThat(t.system().threads()).extracting(ThreadInfo::tid).containsExactly(10L, 12L, 11L, 20L);
        // Slice c on 12: [116, 128].
        assertThat(t.threads().get(1).calls().size()).isEqualTo(1);
    }

    /**
     * The packets, then a bundle of another thread's switches on CPU 1 at least as large, read every
     * way: among them with the packets as one chunk (the filler another), and as one packet a chunk.
     */
    private static Trace sameModelEveryChunking(List<byte[]> packets) throws TraceFormatException {
        int head = 0;
        for (byte[] p : packets) {
            head += p.length;
        }
        List<byte[]> all = new ArrayList<>(packets);
        List<ProtoWriter> filler = new ArrayList<>();
        for (int i = 0; filler.size() * 20 < head; i++) {
            filler.add(switchEvent(1000 + 10 * i, "swapper", 0, 0, "filler", 20));
            filler.add(switchEvent(1005 + 10 * i, "filler", 20, 1, "swapper", 0));
        }
        all.add(bundle(1, filler.toArray(new ProtoWriter[0])));
        byte[] file = PerfettoTraceWriter.concat(all);
        assertThat(file.length).isGreaterThanOrEqualTo(2 * head);
        Trace one = read(ONE, file);
        String expected = ModelFingerprint.text(one);
        for (int chunk : new int[] {1, 40, head, file.length / 2}) {
            for (int threads = 2; threads <= 3; threads++) {
                assertThat(ModelFingerprint.text(read(new PerfettoReader(threads, chunk), file)))
                        .as(threads + " threads, chunks of " + chunk).isEqualTo(expected);
            }
        }
        return one;
    }

    private static List<ThreadInfo.Name> names(Trace t, long tid) {
        return t.system().threads().stream().filter(i -> i.tid() == tid).findFirst().orElseThrow().names();
    }

    private static ProtoWriter switchEvent(long ts, String prevComm, int prevPid, int prevState, String nextComm,
                                           int nextPid) {
        return event(ts, prevPid, 4, new ProtoWriter().string(1, prevComm).varint(2, prevPid).varint(4, prevState)
                .string(5, nextComm).varint(6, nextPid));
    }

    private static ProtoWriter event(long ts, int pid, int field, ProtoWriter payload) {
        return new ProtoWriter().varint(1, ts).varint(2, pid).message(field, payload);
    }

    private static byte[] bundle(int cpu, ProtoWriter... events) {
        ProtoWriter b = new ProtoWriter().varint(1, cpu);
        for (ProtoWriter e : events) {
            b.message(2, e);
        }
        return new ProtoWriter().message(1, new ProtoWriter().message(1, b).varint(10, 1)).toByteArray();
    }

    private static Trace read(PerfettoReader reader, byte[] b) throws TraceFormatException {
        return reader.read("names.pftrace", ByteBuffer.wrap(b), Progress.NONE);
    }
}
