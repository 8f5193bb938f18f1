package dev.ura.trace.android;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.RandomMethodTraces;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one-pass scan of a streaming-format trace ({@link MethodTraceScan}) sees the file as the full
 * reader does (same metadata, methods, threads, record and call counts, time span, warnings and
 * errors), and hands the visitors the same calls whatever the block size.
 */
class StreamingFormatScanTest {
    private static final int[] BLOCKS = {1, 3, 64, 4096};

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> randomFilesScanLikeTheFullRead() {
        return Stream.iterate(1, s -> s + 1).limit(80).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            Path file = dir.resolve("random-" + seed + ".trace");
            Files.write(file, RandomMethodTraces.streaming(new Random(seed)));
            assertScansLikeTheFullRead(file);
        }));
    }

    @TestFactory
    Stream<DynamicTest> bundledStreamingSamples() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("../sample-traces/samples"))) {
            s.filter(p -> p.toString().endsWith("-streaming.trace")).sorted().forEach(files::add);
        }
        files.add(Path.of("src/test/resources/golden/android/streaming-v3-dual.trace"));
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
                () -> assertScansLikeTheFullRead(f)));
    }

    /** Version 1 records (one-byte thread ids, header 0xF1) are read by the scan as by the reader. */
    @Test
    void versionOneStreamingFile() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // header: 'SLOW', version 0xF1, offset 32, start time; then a thread packet, a method
        // packet, two 9-byte records and the summary
        out.write(new byte[]{'S', 'L', 'O', 'W', (byte) 0xF1, 0, 32, 0});
        out.write(new byte[24]);
        out.write(new byte[]{0, 2, 1, 0, 4, 0, 'm', 'a', 'i', 'n'});
        byte[] line = "0x4\tcom.example.A\trun\t()V\tA.java\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.write(new byte[]{0, 1, (byte) line.length, 0});
        out.write(line);
        out.write(new byte[]{1, 4, 0, 0, 0, 10, 0, 0, 0});
        out.write(new byte[]{1, 5, 0, 0, 0, 30, 0, 0, 0});
        byte[] summary = "*version\n1\nclock=wall\n*threads\n*methods\n*end\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.write(new byte[]{0, 3, (byte) summary.length, 0, 0, 0});
        out.write(summary);
        Path file = dir.resolve("v1.trace");
        Files.write(file, out.toByteArray());
        MethodTraceSummary s = assertScansLikeTheFullRead(file);
        assertThat(s.threads()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("main");
            assertThat(t.calls()).isEqualTo(1);
        });
        assertThat(s.firstTimeNs()).isEqualTo(10_000);
        assertThat(s.lastTimeNs()).isEqualTo(30_000);
    }

    /** Files the scan leaves to the full reader: gzip, and headers the reader refuses before any record. */
    @Test
    void gzipAndRefusedHeadersAreLeftToTheFullReader() throws Exception {
        byte[] streaming = Files.readAllBytes(Path.of("src/test/resources/golden/android/streaming-v3-dual.trace"));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(streaming);
        }
        Path gzip = dir.resolve("gz.trace");
        Files.write(gzip, gz.toByteArray());
        assertThat(MethodTraceScan.scan(gzip, new Recorder())).isNull();
        for (int version : new int[]{2, 4, 0xF4}) {
            byte[] other = streaming.clone();
            other[4] = (byte) version;
            Path file = dir.resolve("v" + version + ".trace");
            Files.write(file, other);
            assertThat(MethodTraceScan.scan(file, new Recorder())).as("version " + version).isNull();
        }
    }

    /**
     * Scans {@code file} in 1 MiB blocks and smaller ones, compares each with the full read and the
     * visitors' calls with each other; returns the summary (null when the full reader refuses it).
     */
    private static MethodTraceSummary assertScansLikeTheFullRead(Path file) throws Exception {
        String expected;
        try {
            expected = describe(TraceFiles.read(file));
        } catch (TraceFormatException e) {
            expected = "error: " + e.getMessage();
        }
        Recorder first = new Recorder();
        MethodTraceSummary summary = scanOrError(file, first, MethodTraceScan.BLOCK_BYTES);
        assertThat(describe(summary, first)).isEqualTo(expected);
        for (int block : BLOCKS) {
            Recorder other = new Recorder();
            assertThat(describe(scanOrError(file, other, block), other)).as("blocks of " + block).isEqualTo(expected);
            assertThat(other.events).as("calls in blocks of " + block).isEqualTo(first.events);
        }
        return summary;
    }

    private static MethodTraceSummary scanOrError(Path file, Recorder r, int block) {
        try {
            MethodTraceSummary s = MethodTraceScan.scan(file, r, block);
            assertThat(s).as("scanned, not left to the full reader").isNotNull();
            return s;
        } catch (TraceFormatException e) {
            r.error = "error: " + e.getMessage();
            return null;
        }
    }

    private static String describe(Trace t) {
        StringBuilder sb = new StringBuilder().append(t.metadata()).append('\n').append(t.records()).append(" records ")
                .append(t.firstTimeNs()).append("..").append(t.lastTimeNs()).append('\n');
        for (int i = 0; i < t.methods().size(); i++) {
            sb.append(t.methods().get(i).fullName()).append('\n');
        }
        for (ThreadTrack th : t.threads()) {
            sb.append(th.id()).append(' ').append(th.name()).append(' ').append(th.main()).append(' ')
                    .append(th.records()).append(' ').append(th.calls().size()).append('\n');
        }
        t.warnings().forEach(w -> sb.append(w).append('\n'));
        return sb.toString();
    }

    private static String describe(MethodTraceSummary s, Recorder r) {
        if (s == null) {
            return r.error;
        }
        StringBuilder sb = new StringBuilder().append(s.metadata()).append('\n').append(s.records()).append(" records ")
                .append(s.firstTimeNs()).append("..").append(s.lastTimeNs()).append('\n');
        for (int i = 0; i < s.methods().size(); i++) {
            sb.append(s.methods().get(i).fullName()).append('\n');
        }
        for (MethodTraceSummary.Thread th : s.threads()) {
            sb.append(th.id()).append(' ').append(th.name()).append(' ').append(th.main()).append(' ')
                    .append(th.records()).append(' ').append(th.calls()).append('\n');
        }
        s.warnings().forEach(w -> sb.append(w).append('\n'));
        return sb.toString();
    }

    /** Writes every call event of every thread down, in order. */
    private static final class Recorder implements MethodTraceScan.Visitors {
        final List<String> events = new ArrayList<>();
        String error;

        @Override
        public void methods(IntFunction<String> fullName, int defined) {
            events.add("methods " + defined);
        }

        @Override
        public CallVisitor thread(int index) {
            return new CallVisitor() {
                @Override
                public void enter(int method, long startNs) {
                    events.add(index + " enter " + method + " " + startNs);
                }

                @Override
                public void exit(long endNs) {
                    events.add(index + " exit " + endNs);
                }

                @Override
                public void syntheticCaller(int method, long startNs, long endNs) {
                    events.add(index + " caller " + method + " " + startNs + ".." + endNs);
                }

                @Override
                public void end() {
                    events.add(index + " end");
                }
            };
        }
    }
}
