package dev.ura.trace.perfetto;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile protobuf (huge lengths, deep nesting, truncated packets, bad varints) never makes the
 * reader allocate more than the file justifies: what a hostile tail adds to a good trace's load,
 * measured with the thread's allocation counter, stays within a few times the tail's size plus a
 * small constant, however large the lengths it announces.
 */
class PerfettoAllocationBoundTest {
    private static final byte[] GOOD = PerfettoTraceWriter.write(SystemScenarios.tap(),
            PerfettoTraceWriter.Options.plain().withCompact());
    /** Fixed costs a hostile tail may add (a warning line, a map entry): far below any announced length. */
    private static final long SLACK = 64 << 10;

    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedReading(byte[] b) {
        long before = MX.getCurrentThreadAllocatedBytes();
        try {
            TraceFiles.read("hostile.pftrace", ByteBuffer.wrap(b), null);
        } catch (TraceFormatException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
        }
        return MX.getCurrentThreadAllocatedBytes() - before;
    }

    /** The least of a few reads: the first reads of a JVM also load classes. */
    private static long least(byte[] b) {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            min = Math.min(min, allocatedReading(b));
        }
        return min;
    }

    static Map<String, byte[]> hostileTails() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        // A packet announcing 2^63 bytes, and one announcing 2 GiB, at the end of the file.
        m.put("huge packet length", new byte[] {0x0A, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F});
        m.put("2 GiB packet length", new byte[] {0x0A, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, 1, 2});
        // Inside a packet: an ftrace bundle, a process tree name, a compact array and an interned name
        // each announcing far more bytes than the packet holds.
        m.put("huge bundle length", packet(new ProtoWriter().key(1, 2).rawVarint(1L << 40).varint(10, 1)));
        m.put("huge thread name", packet(new ProtoWriter().message(2, new ProtoWriter().key(2, 2).rawVarint(Integer.MAX_VALUE))));
        m.put("huge compact array", packet(new ProtoWriter().message(1, new ProtoWriter().varint(1, 0)
                .message(4, new ProtoWriter().key(1, 2).rawVarint(1L << 31)))));
        m.put("huge interned name", packet(new ProtoWriter().varint(10, 7).varint(13, 1)
                .message(12, new ProtoWriter().message(2, new ProtoWriter().varint(1, 1).key(2, 2).rawVarint(1L << 30)))));
        // 5000 levels of nested length-delimited fields, known and unknown.
        byte[] inner = new byte[0];
        for (int i = 0; i < 5000; i++) {
            inner = new ProtoWriter().bytes(i % 2 == 0 ? 999 : 4, inner).toByteArray();
        }
        m.put("deep nesting", packet(new ProtoWriter().raw(inner).varint(10, 1)));
        byte[] deepBundle = new byte[0];
        for (int i = 0; i < 5000; i++) {
            deepBundle = new ProtoWriter().bytes(2, deepBundle).toByteArray();
        }
        m.put("deep ftrace events", packet(new ProtoWriter().bytes(1, deepBundle)));
        // Bad varints: eleven continuation bytes in a key, in a value, and in a packed run.
        byte[] cont = new byte[11];
        Arrays.fill(cont, (byte) 0x80);
        m.put("bad varint key", packet(new ProtoWriter().raw(cont)));
        m.put("bad varint value", packet(new ProtoWriter().key(8, 0).raw(cont)));
        m.put("bad packed varint", packet(new ProtoWriter().message(1, new ProtoWriter().varint(1, 0)
                .message(4, new ProtoWriter().bytes(1, cont)))));
        // A packet cut in the middle (the recording stopped), and one cut inside its length.
        byte[] good = Arrays.copyOfRange(GOOD, 0, Math.min(GOOD.length, 200));
        m.put("truncated packet", Arrays.copyOf(good, good.length - 3));
        m.put("truncated length", new byte[] {0x0A, (byte) 0x80, (byte) 0x80});
        return m;
    }

    private static byte[] packet(ProtoWriter p) {
        return new ProtoWriter().message(1, p).toByteArray();
    }

    @Test
    void aHostileTailAddsAtMostAFewTimesItsOwnSize() {
        long base = least(GOOD);
        for (Map.Entry<String, byte[]> e : hostileTails().entrySet()) {
            byte[] tail = e.getValue();
            byte[] file = Arrays.copyOf(GOOD, GOOD.length + tail.length);
            System.arraycopy(tail, 0, file, GOOD.length, tail.length);
            long added = least(file) - base;
            assertThat(added).as("%s: %d bytes of tail allocated %d more bytes", e.getKey(), tail.length, added)
                    .isLessThanOrEqualTo(8L * tail.length + SLACK);
        }
    }

    @Test
    void aHostileFileOnItsOwnAllocatesLittleMoreThanItsSize() {
        for (Map.Entry<String, byte[]> e : hostileTails().entrySet()) {
            byte[] file = e.getValue();
            long used = least(file);
            // The reader's fixed working set (a 64 KiB packet buffer, small tables) plus a few times the file.
            assertThat(used).as("%s alone (%d bytes) allocated %d bytes", e.getKey(), file.length, used)
                    .isLessThanOrEqualTo(8L * file.length + 4 * SLACK);
        }
    }
}
