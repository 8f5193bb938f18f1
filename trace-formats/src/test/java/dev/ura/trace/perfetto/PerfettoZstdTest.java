package dev.ura.trace.perfetto;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFilesAccess;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.GoldenDump;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * zstd, the compression Perfetto itself writes: whole files (frames written by zstd-jni here, with
 * and without a content size), {@code zstd_compressed_packets} (TracePacket #133) containers, and
 * what a truncated file, a corrupt container and a bomb give.
 */
class PerfettoZstdTest {
    private static final byte[] PLAIN = PerfettoTraceWriter.write(SystemScenarios.tap(),
            PerfettoTraceWriter.Options.plain().withCompact());

    private static Trace read(String name, byte[] b) throws TraceFormatException {
        return TraceFiles.read(name, ByteBuffer.wrap(b), null);
    }

    /**
     * The threads, their slices, thread states and wakeups: what must not depend on the form the
     * trace came in (the record count and the variant do: containers count as records).
     */
    private static String dump(Trace t) {
        StringBuilder sb = new StringBuilder();
        for (String line : GoldenDump.of(t).split("\n")) {
            if (line.startsWith("thread ") || line.startsWith("  ")) {
                sb.append(line).append('\n');
            }
        }
        t.system().states().forEach(s -> sb.append("states ").append(s.size()).append('\n'));
        sb.append("wakeups ").append(t.system().wakeups().size()).append(", frames ").append(t.system().frames().size());
        return sb.toString();
    }

    @Test
    void aZstdFileReadsAsTheSameTraceAsThePlainOne() throws Exception {
        Trace plain = read("tap.pftrace", PLAIN);
        Trace z = read("tap.pftrace.zst", Zstd.compress(PLAIN, 3));
        assertThat(z.metadata().format()).isEqualTo("perfetto");
        assertThat(z.threads()).hasSameSizeAs(plain.threads());
        assertThat(z.callCount()).isEqualTo(plain.callCount()).isPositive();
        assertThat(dump(z)).isEqualTo(dump(plain));
    }

    @Test
    void aStreamedZstdFileWithoutAContentSizeReadsToo() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out)) {
            // Written in small pieces, as a recorder streams it: several blocks, no size in the header.
            for (int i = 0; i < PLAIN.length; i += 100) {
                z.write(PLAIN, i, Math.min(100, PLAIN.length - i));
                z.flush();
            }
        }
        assertThat(dump(read("stream.zst", out.toByteArray()))).isEqualTo(dump(read("tap.pftrace", PLAIN)));
    }

    @Test
    void aTruncatedZstdFileIsOneClearLine() {
        byte[] z = Zstd.compress(PLAIN, 3);
        byte[] cut = Arrays.copyOf(z, z.length - 10);
        assertThatThrownBy(() -> read("cut.zst", cut)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("cut.zst: corrupt zstd data: the compressed stream ends early after ")
                .hasMessageEndingWith(" decompressed bytes (truncated file?)")
                .hasMessageNotContaining("\n");
        byte[] magicOnly = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0, 0, 0, 0};
        assertThatThrownBy(() -> read("magic.zst", magicOnly)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("magic.zst: corrupt zstd data").hasMessageNotContaining("\n");
    }

    @Test
    void aZstdBombStopsAsSoonAsTheDecompressedBytesPassTheLimit() throws Exception {
        byte[] bomb = zeros(256L << 20); // 256 MiB of zeros: a few KiB compressed
        assertThat(bomb.length).isLessThan(64 << 10);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> TraceFilesAccess.inflate("bomb.zst", bomb, 4 << 20))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("bomb.zst: zstd content inflates to more than 4194304 bytes"
                        + " (limit: an eighth of the heap, at most 1 GiB); if it is a real trace, decompress it first (zstd -d)");
        // What is held is what was decompressed (chunks of 1 MiB up to the limit), never the bomb.
        assertThat(mx.getCurrentThreadAllocatedBytes() - before).isLessThan(12L << 20);
    }

    @Test
    void aZstdBombUnderTheCeilingIsRefusedByItsRatioAfterItsFirstMiB() throws Exception {
        byte[] bomb = zeros(256L << 20);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> TraceFilesAccess.inflate("bomb.zst", bomb, 1L << 30))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("bomb.zst: zstd content inflates more than 200-fold (")
                .hasMessageEndingWith("a decompression bomb; if it is a real trace, decompress it first (zstd -d)");
        assertThat(mx.getCurrentThreadAllocatedBytes() - before).isLessThan(48L << 20);
    }

    @Test
    void zstdCompressedPacketsAreReadLikeThePlainPackets() throws Exception {
        byte[] containers = containers(framedPackets(PLAIN), 3, true);
        Trace z = read("packets.pftrace", containers);
        assertThat(z.metadata().variant()).isEqualTo("protobuf-compressed");
        assertThat(z.warnings()).noneMatch(w -> w.contains("zstd"));
        assertThat(dump(z)).isEqualTo(dump(read("tap.pftrace", PLAIN)));
    }

    @Test
    void aCorruptOrTruncatedZstdContainerIsSkippedWithOneWarningAndTheRestKept() throws Exception {
        List<byte[]> packets = framedPackets(PLAIN);
        byte[] good = containers(packets, 1, true);
        byte[] inner = Zstd.compress(PerfettoTraceWriter.concat(packets.subList(0, 2)), 3);
        byte[] cut = new ProtoWriter().message(1, new ProtoWriter().bytes(133, Arrays.copyOf(inner, inner.length - 4)))
                .toByteArray();
        byte[] junk = new ProtoWriter().message(1, new ProtoWriter().bytes(133, new byte[] {0x28, (byte) 0xB5, 0x2F,
                (byte) 0xFD, 9, 9, 9, 9, 9})).toByteArray();
        Trace t = read("mixed.pftrace", PerfettoTraceWriter.concat(List.of(good, cut, junk, cut)));
        assertThat(t.warnings()).contains("3 corrupt or truncated zstd_compressed_packets containers (skipped)");
        assertThat(dump(t)).isEqualTo(dump(read("tap.pftrace", PLAIN)));
    }

    @Test
    void aZstdContainerInflatingPastItsCeilingIsSkipped() throws Exception {
        byte[] bomb = Zstd.compress(new byte[PerfettoReader.MAX_INFLATED_CONTAINER + 1], 3);
        byte[] packet = new ProtoWriter().message(1, new ProtoWriter().bytes(133, bomb)).toByteArray();
        Trace t = read("bomb.pftrace", PerfettoTraceWriter.concat(List.of(PLAIN, packet)));
        assertThat(t.warnings()).contains("1 compressed containers inflating beyond 64 MiB (skipped)");
        assertThat(t.threads()).isNotEmpty();
    }

    /** Splits a plain trace into its framed packets ({@code 0A len bytes} each). */
    static List<byte[]> framedPackets(byte[] trace) {
        List<byte[]> out = new ArrayList<>();
        int pos = 0;
        while (pos < trace.length) {
            int start = pos++;
            long len = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = trace[pos++];
                len |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
            }
            pos += (int) len;
            out.add(Arrays.copyOfRange(trace, start, pos));
        }
        return out;
    }

    /** Packs framed packets {@code per} at a time into {@code zstd_compressed_packets} containers. */
    static byte[] containers(List<byte[]> packets, int per, boolean zstd) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < packets.size(); i += per) {
            byte[] inner = PerfettoTraceWriter.concat(packets.subList(i, Math.min(packets.size(), i + per)));
            out.add(new ProtoWriter().message(1, new ProtoWriter().bytes(zstd ? 133 : 50,
                    zstd ? Zstd.compress(inner, 3) : PerfettoTraceWriter.zlib(inner))).toByteArray());
        }
        return PerfettoTraceWriter.concat(out);
    }

    private static byte[] zeros(long n) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out, 19)) {
            byte[] block = new byte[1 << 20];
            for (long i = 0; i < n; i += block.length) {
                z.write(block);
            }
        }
        return out.toByteArray();
    }
}
