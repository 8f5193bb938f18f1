package dev.ura.trace.io;

import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.HostileInputs;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every inflater (whole-file gzip, {@code atrace -z} zlib, Perfetto {@code compressed_packets})
 * refuses a decompression bomb after its first few MiB, and real content that compresses like
 * real traces inflates whole.
 */
class InflationLimitTest {
    private static final long MIB = 1L << 20;

    @Test
    void theCeilingIsAnEighthOfTheHeapWithinFixedBounds() {
        assertThat(InflationLimit.ceilingFor(24L << 30)).isEqualTo(1L << 30);   // 24 GiB heap: the fixed cap
        assertThat(InflationLimit.ceilingFor(6L << 30)).isEqualTo(768 * MIB);   // a quarter of 24 GiB RAM
        assertThat(InflationLimit.ceilingFor(1L << 30)).isEqualTo(128 * MIB);
        assertThat(InflationLimit.ceilingFor(64 * MIB)).isEqualTo(16 * MIB);    // never below the ratio's start
        assertThat(TraceFiles.INFLATED_LIMIT).isEqualTo(InflationLimit.CEILING)
                .isLessThanOrEqualTo(Math.max(16 * MIB, Runtime.getRuntime().maxMemory() / 8));
    }

    @Test
    void theRatioCountsOnlyPast16MiBAndOnlyBeyond200To1() {
        long big = 1L << 40;
        assertThat(InflationLimit.exceeded(16 * MIB, 1, big)).isNull();                 // not judged yet
        assertThat(InflationLimit.exceeded(16 * MIB + 1, 1, big)).contains("more than 200-fold");
        assertThat(InflationLimit.exceeded(200 * MIB, MIB, big)).isNull();              // exactly 200:1
        assertThat(InflationLimit.exceeded(200 * MIB + 1, MIB, big)).contains("200-fold")
                .contains("(209715201 bytes from the first 1048576 compressed bytes)");
        assertThat(InflationLimit.exceeded(100 * MIB, 5 * MIB, big)).isNull();          // 20:1, like systrace text
        assertThat(InflationLimit.exceeded(33 * MIB, 32 * MIB, 32 * MIB))
                .isEqualTo("inflates to more than 33554432 bytes (limit: an eighth of the heap, at most 1 GiB)");
    }

    @Test
    void aGzipBombClaimingGigabytesIsRefusedAfterItsFirstMiB() {
        // 2,048 gzip members of 1 MiB of zeros each: 2 GiB inflated from about 2 MB.
        byte[] member = HostileInputs.gzip(new byte[(int) MIB]);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < 2048; i++) {
            all.writeBytes(member);
        }
        long before = allocated();
        assertThatThrownBy(() -> TraceFiles.inflate("bomb.gz", ByteBuffer.wrap(all.toByteArray()), 1L << 30))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("bomb.gz: gzip content inflates more than 200-fold (")
                .hasMessageEndingWith("which no trace does: a decompression bomb; if it is a real trace, gunzip it first");
        assertThat(allocated() - before).as("bytes allocated before the refusal").isLessThan(80 * MIB);
    }

    @Test
    void gzipOfTextThatCompressesLikeARealTraceInflatesWhole() throws Exception {
        byte[] text = traceLikeText(18 * MIB);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bos, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }) {
            gzip.write(text);
        }
        byte[] gz = bos.toByteArray();
        assertThat((double) text.length / gz.length).as("compression ratio").isBetween(3.0, 200.0);
        ByteBuffer out = TraceFiles.inflate("real.gz", ByteBuffer.wrap(gz), InflationLimit.CEILING);
        assertThat(out.remaining()).isEqualTo(text.length);
    }

    @Test
    void anAtraceZlibBombIsRefusedWithItsOffset() {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes("TRACE:\n".getBytes(StandardCharsets.US_ASCII));
        f.writeBytes(PerfettoTraceWriter.zlib(new byte[(int) (128 * MIB)]));
        long before = allocated();
        assertThatThrownBy(() -> TraceFiles.read("bomb.ctrace", ByteBuffer.wrap(f.toByteArray()), Progress.NONE))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("bomb.ctrace: at byte 7: compressed systrace (zlib after TRACE:) inflates more"
                        + " than 200-fold");
        assertThat(allocated() - before).as("bytes allocated before the refusal").isLessThan(80 * MIB);
    }

    @Test
    void perfettoCompressedPacketsThatAreABombStopTheReadWithAWarning() throws Exception {
        byte[] good = PerfettoTraceWriter.write(SystemScenarios.tap(), PerfettoTraceWriter.Options.plain());
        byte[] bomb = new ProtoWriter().message(1, new ProtoWriter().bytes(50, PerfettoTraceWriter.zlib(new byte[(int) (24 * MIB)])))
                .toByteArray();
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(good);
        f.writeBytes(bomb);
        f.writeBytes(good);
        Trace t = TraceFiles.read("bomb.pftrace", ByteBuffer.wrap(f.toByteArray()), Progress.NONE);
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("at byte " + good.length + ": compressed packets: the content"
                + " inflates more than 200-fold") && w.endsWith("the rest of the file is ignored"));
        assertThat(t.system().frames()).hasSize(1); // the packets before the bomb, once
    }

    /** Lines like a systrace's with random digits in them: compresses a few times, as real traces do. */
    private static byte[] traceLikeText(long size) {
        byte[] line = "  RenderThread-1### [00#] d..2 ####.######: sched_switch: prev_pid=##### next_pid=#####\n"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[(int) size];
        Random r = new Random(13);
        for (int i = 0; i < out.length; i++) {
            byte c = line[i % line.length];
            out[i] = c == '#' ? (byte) ('0' + r.nextInt(10)) : c;
        }
        return out;
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
