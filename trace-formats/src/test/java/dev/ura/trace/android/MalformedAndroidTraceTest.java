package dev.ura.trace.android;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static dev.ura.trace.android.AndroidTraces.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Input that is not a readable trace: one {@link TraceFormatException} with file, offset and cause; never anything else. */
class MalformedAndroidTraceTest {

    private static byte[] valid() {
        return AndroidTraceWriter.legacy(3, Clock.DUAL).pid(1).thread(1, "main").thread(2, "worker")
                .method(0, "a.B", "c", "()V", "B.java").method(4, "a.B", "d", "()V", null)
                .enter(1, 0, 1, 1).enter(2, 4, 2, 1).exit(1, 0, 3, 2).exit(2, 4, 4, 2).toBytes();
    }

    private static byte[] validStreaming() {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).artRelease(14).chunked(2).thread(1, "main")
                .thread(2, "worker").method(0, "a.B", "c", "()V", "B.java").method(4, "a.B", "d", "()V", null);
        return w.enter(1, 0, 1, 1).enter(2, 4, 2, 1).exit(1, 0, 3, 2).exit(2, 4, 4, 2).enter(1, 4, 5, 3).toBytes();
    }

    private static void assertRefused(byte[] bytes, String message) {
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("test.trace: ").hasMessageContaining(message);
    }

    private static int endOfKeySection(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1).indexOf("*end\n") + 5;
    }

    @Test
    void emptyAndForeignFiles() {
        assertRefused(new byte[0], "at byte 0: empty file");
        assertRefused("hello world\n".getBytes(StandardCharsets.US_ASCII), "not a trace ura can read");
    }

    @Test
    void keySectionWithoutEnd() {
        byte[] bytes = valid();
        int methods = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("*methods");
        assertRefused(Arrays.copyOf(bytes, methods + 12), "at byte " + (methods + 12) + ": key section has no \"*end\" line");
    }

    @Test
    void badVersionNumber() {
        assertRefused("*version\nthree\n*end\n".getBytes(StandardCharsets.US_ASCII), "at byte 9: bad *version number");
        assertRefused("*version\n7\n*end\n".getBytes(StandardCharsets.US_ASCII), "unknown *version 7");
    }

    @Test
    void missingOrForeignDataHeader() {
        byte[] bytes = valid();
        int end = endOfKeySection(bytes);
        assertRefused(Arrays.copyOf(bytes, end), "at byte " + end + ": no data header");
        byte[] foreign = bytes.clone();
        foreign[end] = 'X';
        assertRefused(foreign, "at byte " + end + ": data header does not start with 'SLOW' (found 58 4c 4f 57)");
        assertRefused(Arrays.copyOf(bytes, end + 10), "at byte " + end + ": truncated data header (10 of at least 16 bytes)");
        assertRefused(Arrays.copyOf(bytes, end + 20), "at byte " + (end + 6) + ": truncated data header (length 32");
    }

    @Test
    void versionDisagreement() {
        byte[] bytes = AndroidTraceWriter.legacy(3, Clock.DUAL).dataHeaderVersion(2).thread(1, "main").toBytes();
        int end = endOfKeySection(bytes);
        assertRefused(bytes, "at byte " + (end + 4) + ": data header version 2 does not match *version 3");
    }

    @Test
    void recordSizeTooSmallForTheClock() {
        byte[] bytes = valid();
        int end = endOfKeySection(bytes);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(end + 16, (short) 10);
        assertRefused(bytes, "at byte " + (end + 16) + ": record size 10 is too small for clock=dual");
    }

    @Test
    void artV2FormatIsAnUnsupportedVariant() {
        for (int version : new int[]{4, 5, 0xF4, 0xF5}) {
            byte[] bytes = new byte[64];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(0x574F4C53).putShort((short) version);
            assertRefused(bytes, "at byte 4: unsupported variant (ART V2 format, version " + version + ")");
        }
        assertRefused("*version\n5\nclock=dual\n*end\n".getBytes(StandardCharsets.US_ASCII),
                "unsupported variant (ART V2 format, version 5)");
    }

    @Test
    void bareDataSectionAndTruncatedStreamingHeader() {
        byte[] bare = new byte[64];
        ByteBuffer.wrap(bare).order(ByteOrder.LITTLE_ENDIAN).putInt(0x574F4C53).putShort((short) 3).putShort((short) 32);
        assertRefused(bare, "at byte 0: a bare 'SLOW' data section (version 3)");
        assertRefused(Arrays.copyOf(validStreaming(), 12), "at byte 0: truncated streaming header (12 of at least 16 bytes)");
    }

    @Test
    void everyTruncationOfAValidFileIsAnErrorOrAPartialLoad() {
        for (byte[] bytes : new byte[][]{valid(), validStreaming()}) {
            for (int n = 0; n <= bytes.length; n++) {
                readOrRefuse(Arrays.copyOf(bytes, n));
            }
        }
    }

    @Test
    void randomBytesAndFlippedBytesNeverThrowAnythingElse() {
        Random random = new Random(20261129);
        byte[][] seeds = {valid(), validStreaming()};
        for (int round = 0; round < 3000; round++) {
            byte[] bytes;
            if (round % 3 == 0) {
                bytes = new byte[random.nextInt(200)];
                random.nextBytes(bytes);
                if (round % 2 == 0 && bytes.length > 6) {
                    // Start like a streaming file so the packet decoder sees the noise.
                    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(0x574F4C53).putShort((short) 0xF3);
                }
            } else {
                bytes = seeds[round % 2].clone();
                for (int flips = 1 + random.nextInt(8); flips > 0; flips--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            readOrRefuse(bytes);
        }
    }

    private static void readOrRefuse(byte[] bytes) {
        try {
            Trace trace = read(bytes);
            trace.threads().forEach(t -> RealAndroidTracesTest.assertWellFormed(t.calls()));
        } catch (TraceFormatException e) {
            assertThat(e.getMessage()).startsWith("test.trace").doesNotContain("\n");
        }
    }
}
