package dev.ura.trace.perfetto;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Cut, corrupt and hostile protobuf: a partial load with warnings, or one clear line. */
class PerfettoHostileTest {
    private static final byte[] GOOD = PerfettoTraceWriter.write(SystemScenarios.tap(), PerfettoTraceWriter.Options.plain());

    private static Trace read(byte[] b) throws TraceFormatException {
        return TraceFiles.read("hostile.pftrace", ByteBuffer.wrap(b), null);
    }

    @Test
    void aTruncatedLastPacketIsDroppedWithAWarning() throws Exception {
        Trace t = read(Arrays.copyOf(GOOD, GOOD.length - 7));
        assertThat(t.warnings()).anyMatch(w -> w.contains("last packet is truncated") && w.contains("at byte "));
        assertThat(t.threads()).isNotEmpty();
    }

    @Test
    void aHugeLengthIsTruncationNotAnAllocation() throws Exception {
        byte[] tail = {0x0A, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F};
        Trace t = read(concat(GOOD, tail));
        assertThat(t.warnings()).anyMatch(w -> w.contains("last packet is truncated"));
        assertThatThrownBy(() -> read(tail)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("hostile.pftrace: at byte 0: not a trace ura can read");
    }

    @Test
    void anIndentedTextFileIsRefusedNotReadAsAnEmptyTrace() {
        // How Apache's LICENSE file starts (trappy ships one beside its traces): a blank line, then
        // the title indented with spaces. As protobuf, 0A 20 is field 1 (a TracePacket) of 32
        // bytes, and each following space (0x20) is field 4, varint, whose value is the next space:
        // well-formed, so the file used to load as a Perfetto trace with 0 records.
        byte[] license = ("\n" + " ".repeat(33) + "Apache License\n" + " ".repeat(28) + "Version 2.0, January 2004\n"
                + " ".repeat(25) + "http://www.apache.org/licenses/\n\n   TERMS AND CONDITIONS FOR USE\n")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(license[0]).isEqualTo((byte) 0x0A);
        assertThat(new PerfettoReader().canRead(license)).isFalse();
        assertThatThrownBy(() -> read(license)).isInstanceOf(TraceFormatException.class)
                .hasMessage("hostile.pftrace: at byte 0: not a trace ura can read (unknown content starting"
                        + " 0a 20 20 20 20 20 20 20)");
        // A real trace still reads, and is no text: its first packet has bytes below 0x20 besides 0A.
        assertThat(PerfettoReader.plainText(GOOD)).isFalse();
        assertThat(new PerfettoReader().canRead(Arrays.copyOf(GOOD, Math.min(GOOD.length, 4096)))).isTrue();
    }

    @Test
    void garbageAfterGoodPacketsEndsTheReadWithAWarning() throws Exception {
        byte[] junk = new byte[40];
        Arrays.fill(junk, (byte) 0xFF);
        Trace t = read(concat(GOOD, junk));
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("at byte " + GOOD.length + ": "));
        assertThat(t.system().frames()).hasSize(1);
    }

    @Test
    void aPacketWhoseInnerLengthOverrunsItIsSkippedAndTheOthersKept() throws Exception {
        // A TracePacket announcing an ftrace bundle of 100 bytes inside a packet of 3.
        byte[] bad = new ProtoWriter().bytes(1, new byte[] {0x0A, 100, 0x08}).toByteArray();
        Trace t = read(concat(GOOD, bad, GOOD));
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("1 malformed packets (skipped)") && w.contains("exceeds"));
        assertThat(t.system().binder()).hasSize(4);
    }

    @Test
    void deepNestingInUnknownFieldsIsSkippedWithoutRecursion() throws Exception {
        byte[] inner = new byte[0];
        for (int i = 0; i < 2000; i++) {
            inner = new ProtoWriter().bytes(999, inner).toByteArray();
        }
        byte[] packet = new ProtoWriter().message(1, new ProtoWriter().raw(inner).varint(10, 1)).toByteArray();
        Trace t = read(concat(GOOD, packet));
        assertThat(t.system().threads()).isNotEmpty();
        assertThat(t.warnings()).noneMatch(w -> w.contains("malformed"));
    }

    @Test
    void badVarintsInsideAPacketAreCounted() throws Exception {
        byte[] varint = new byte[12];
        Arrays.fill(varint, (byte) 0x80);
        varint[0] = 0x40; // field 8 (timestamp), varint: followed by 11 continuation bytes
        byte[] packet = new ProtoWriter().bytes(1, varint).toByteArray();
        Trace t = read(concat(GOOD, packet));
        assertThat(t.warnings()).anyMatch(w -> w.contains("malformed packets") && w.contains("varint"));
    }

    @Test
    void corruptCompressedContainersAreSkipped() throws Exception {
        byte[] container = new ProtoWriter().message(1, new ProtoWriter().bytes(50, new byte[] {0x78, (byte) 0x9C, 1, 2, 3}))
                .toByteArray();
        Trace t = read(concat(GOOD, container));
        assertThat(t.warnings()).anyMatch(w -> w.contains("compressed containers"));
        assertThat(t.system().frames()).hasSize(1);
    }

    @Test
    void aBrokenZstdFrameIsOneClearLine() {
        // zstd is decoded now (PerfettoZstdTest); a frame that is only its magic is corrupt data.
        byte[] zstd = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0, 0, 0, 0};
        assertThatThrownBy(() -> read(zstd)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("hostile.pftrace: corrupt zstd data")
                .hasMessageNotContaining("\n");
    }

    @Test
    void randomCorruptionNeverEscapesAsAnythingButAFormatError() {
        Random r = new Random(12);
        for (int round = 0; round < 300; round++) {
            byte[] b = GOOD.clone();
            int flips = 1 + r.nextInt(8);
            for (int i = 0; i < flips; i++) {
                b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            }
            if (round % 3 == 0) {
                b = Arrays.copyOf(b, r.nextInt(b.length) + 1);
            }
            try {
                Trace t = read(b);
                assertThat(t.warnings()).allMatch(w -> !w.contains("\n"));
            } catch (TraceFormatException e) {
                assertThat(e.getMessage()).doesNotContain("\n");
            }
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List.of(parts).forEach(out::writeBytes);
        return out.toByteArray();
    }
}
