package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;
import dev.ura.trace.testing.GoldenDump;
import dev.ura.trace.testing.RandomMethodTraces;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming-format trace read through blocks of any size (packets and records straddling their
 * boundaries, a summary larger than a block) gives the same trace, warnings and errors as the
 * same content read whole: the full reader reads files in 1 MiB blocks and the one-pass scan of
 * {@code info}/{@code profile} does too.
 */
class StreamingBlocksTest {
    private static final int[] BLOCKS = {1, 2, 3, 7, 16, 100, 4096};

    @Test
    void goldenFixtureInSmallBlocksMatchesItsHandWrittenDump() throws Exception {
        Path fixture = Path.of("src/test/resources/golden/android/streaming-v3-dual.trace");
        String expected = Files.readString(fixture.resolveSibling("streaming-v3-dual.trace.expected"),
                StandardCharsets.UTF_8);
        byte[] bytes = Files.readAllBytes(fixture);
        for (int block : BLOCKS) {
            assertThat(read(bytes, block)).as("blocks of " + block).isEqualTo(expected);
        }
    }

    @TestFactory
    Stream<DynamicTest> bundledAndRealStreamingFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("../sample-traces/samples"))) {
            s.filter(p -> p.toString().endsWith("-streaming.trace")).sorted().forEach(files::add);
        }
        assertThat(files).isNotEmpty();
        Path shared = SharedFiles.root().resolve("traces/android");
        if (Files.isDirectory(shared)) {
            try (Stream<Path> s = Files.list(shared)) {
                s.filter(p -> p.toString().endsWith(".trace")).sorted().forEach(files::add);
            }
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            byte[] bytes = Files.readAllBytes(f);
            if (!isStreaming(bytes)) {
                return;
            }
            String whole = read(bytes, 0);
            assertThat(whole).doesNotStartWith("error");
            for (int block : new int[]{1, 13, 4096, 1 << 16}) {
                assertThat(read(bytes, block)).as("blocks of " + block).isEqualTo(whole);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> randomFiles() {
        return Stream.iterate(1, s -> s + 1).limit(150).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            byte[] bytes = RandomMethodTraces.streaming(new Random(seed));
            String whole = read(bytes, 0);
            for (int block : BLOCKS) {
                assertThat(read(bytes, block)).as("blocks of " + block).isEqualTo(whole);
            }
        }));
    }

    /** Cut at every byte: inside the header, a packet's header or text, a record, the summary. */
    @Test
    void fileCutAtEveryByte() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).thread(1, "main").thread(2, "worker");
        long a = w.methodId(1);
        long b = w.methodId(2);
        w.method(a, "com.example.A", "run", "()V", "A.java").method(b, "com.example.B", "load", "(I)V", "B.java");
        w.enter(1, a, 10, 5).enter(2, b, 11, 1).enter(1, b, 12, 6).exit(1, b, 20, 9).exit(2, b, 21, 3).exit(1, a, 25, 11);
        byte[] full = w.toBytes();
        List<String> outcomes = new ArrayList<>();
        for (int n = 0; n <= full.length; n++) {
            byte[] cut = Arrays.copyOf(full, n);
            String whole = read(cut, 0);
            outcomes.add(whole);
            for (int block : new int[]{1, 5, 32}) {
                assertThat(read(cut, block)).as("cut at " + n + ", blocks of " + block).isEqualTo(whole);
            }
        }
        assertThat(outcomes).anyMatch(o -> o.contains("file ends inside a method packet"))
                .anyMatch(o -> o.contains("file ends inside a thread packet"))
                .anyMatch(o -> o.contains("file ends inside a summary packet"))
                .anyMatch(o -> o.contains("file ends inside a record"))
                .anyMatch(o -> o.contains("no summary at the end"))
                .anyMatch(o -> o.startsWith("error"));
    }

    /** A file of several 1 MiB blocks, read from disk (positional reads), is the same bytes read in memory. */
    @Test
    void fileReadFromDiskEqualsTheBytesInMemory(@TempDir Path dir) throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).artRelease(14).chunked(1000);
        for (int t = 1; t <= 5; t++) {
            w.thread(t, t == 1 ? "main" : "t" + t);
        }
        for (int m = 1; m <= 300; m++) {
            w.method(w.methodId(m), "a.B" + "x".repeat(m), "m" + m, "()V", "B.java");
        }
        Random random = new Random(5);
        long[] depth = new long[6];
        for (int i = 0; i < 300_000; i++) {
            int t = 1 + random.nextInt(5);
            boolean enter = depth[t] == 0 || random.nextInt(10) < 5;
            depth[t] += enter ? 1 : -1;
            w.record(t, w.methodId(1 + random.nextInt(300)), enter ? 0 : 1, i, i / 2);
        }
        byte[] bytes = w.toBytes();
        assertThat(bytes.length).isGreaterThan(3 << 20);
        Path file = dir.resolve("big.trace");
        Files.write(file, bytes);
        assertThat(GoldenDump.of(TraceFiles.read(file))).isEqualTo(read(bytes, 0));
    }

    /** Errors inside the summary name file offsets, whichever block the summary was read into. */
    @Test
    void summaryErrorsNameFileOffsets() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.WALL).thread(1, "main");
        long a = w.methodId(1);
        w.method(a, "com.example.A", "run", "()V", "A.java").enter(1, a, 10, 0).exit(1, a, 20, 0);
        byte[] bytes = w.toBytes();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int end = text.lastIndexOf("*end\n");
        byte[] noEnd = bytes.clone();
        noEnd[end + 1] = 'x';
        int limit = bytes.length;
        assertThat(read(noEnd, 0)).isEqualTo("error: test.trace: at byte " + limit
                + ": key section has no \"*end\" line (file ends at byte " + limit + ")");
        int summary = text.lastIndexOf("*version\n");
        byte[] badVersion = bytes.clone();
        badVersion[summary + 9] = '2';
        assertThat(read(badVersion, 0)).isEqualTo("error: test.trace: at byte " + summary
                + ": summary *version 2 does not match header version 243 (0xf3)");
        for (int block : BLOCKS) {
            assertThat(read(noEnd, block)).isEqualTo(read(noEnd, 0));
            assertThat(read(badVersion, block)).isEqualTo(read(badVersion, 0));
        }
    }

    private static boolean isStreaming(byte[] bytes) {
        return bytes.length >= 6 && bytes[0] == 'S' && DataHeader.isStreaming((bytes[4] & 0xFF) | (bytes[5] & 0xFF) << 8);
    }

    /** The dump of the trace, or "error: " and the message; {@code block} 0: as the reader reads a buffer. */
    private static String read(byte[] bytes, int block) {
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        try {
            return GoldenDump.of(StreamingDecoder.decode("test.trace", buf,
                    block == 0 ? null : (pos, dst, len) -> System.arraycopy(bytes, pos, dst, 0, len),
                    block == 0 ? StreamingDecoder.BLOCK_BYTES : block,
                    Progress.NONE));
        } catch (TraceFormatException e) {
            return "error: " + e.getMessage();
        }
    }
}
