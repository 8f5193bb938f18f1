package dev.ura.app.cli;

import dev.ura.app.analysis.profile.StreamingProfile;
import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.android.MethodTraceScan;
import dev.ura.trace.model.Clock;
import dev.ura.trace.testing.RandomMethodTraces;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The streaming pass of {@code info} and {@code profile} prints exactly what the full reader's
 * path prints ({@code --full-read}): on the bundled samples, the reader's golden fixtures, the real
 * traces of {@code shared/} when present, hand-made files with every repair of
 * {@code docs/android-trace-format.md} §8, and random files.
 */
class StreamingPassTest {
    private static final String PARK_CLASS = "java.util.concurrent.locks.LockSupport";

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> bundledSamplesAndFixtures() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("../sample-traces/samples", "../trace-formats/src/test/resources/golden/android")) {
            try (Stream<Path> s = Files.list(Path.of(folder))) {
                s.filter(p -> p.toString().endsWith(".trace")).sorted().forEach(files::add);
            }
        }
        assertThat(files).hasSizeGreaterThan(10);
        assertThat(files).anyMatch(f -> f.toString().endsWith("-streaming.trace"))
                .anyMatch(f -> f.getFileName().toString().startsWith("streaming-"));
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            assertStreams(f);
            StreamingPassCheck.assertSameOutputs(f, "main");
        }));
    }

    @TestFactory
    Stream<DynamicTest> realTraces() throws IOException {
        Path root = SharedFiles.require("traces/android");
        return InfoGoldenTest.realTraces(root).stream().map(rel -> DynamicTest.dynamicTest(rel, () -> {
            Path file = root.resolve(rel);
            if (isStreamingFormat(file)) {
                assertStreams(file);
            }
            StreamingPassCheck.assertSameOutputs(file, "main");
        }));
    }

    @Test
    void legacyAndStreamingFormatSamplesAreStreamedNotReadInFull() throws Exception {
        Path sample = Path.of("../sample-traces/samples/news-launch.trace");
        assertThat(MethodTraceScan.scan(sample, new StreamingProfile(false, false))).isNotNull();
        Path streamingFormat = Path.of("../sample-traces/samples/news-launch-streaming.trace");
        assertThat(isStreamingFormat(streamingFormat)).isTrue();
        assertThat(MethodTraceScan.scan(streamingFormat, new StreamingProfile(false, false))).isNotNull();
        // gzip stays with the full reader
        Path gzip = dir.resolve("news-launch-streaming.trace.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gzip))) {
            out.write(Files.readAllBytes(streamingFormat));
        }
        assertThat(MethodTraceScan.scan(gzip, new StreamingProfile(false, false))).isNull();
        StreamingPassCheck.assertSameOutputs(gzip, "main");
    }

    /** Streaming-format files cut short: inside a packet, inside a record, inside or before the summary. */
    @Test
    void truncatedStreamingFiles() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).pid(7).thread(7, "main")
                .thread(8, "worker");
        long a = w.methodId(1);
        long b = w.methodId(2);
        long c = w.methodId(3);
        w.method(a, "com.example.A", "run", "()V", "A.java").method(b, "com.example.B", "load", "(I)V", "B.java")
                .method(c, "com.example.C", "draw", "()V", "C.java");
        w.enter(7, a, 10, 5).enter(8, b, 11, 1).enter(7, b, 12, 6).exit(7, b, 20, 9).exit(8, b, 21, 3);
        w.enter(7, c, 22, 10).exit(7, c, 24, 11).exit(7, a, 25, 12);
        byte[] whole = w.toBytes();
        int summary = lastIndexOf(whole, "*version\n") - 7;
        int methodC = lastIndexOf(whole, "com.example.C");
        Map<String, Integer> cuts = new LinkedHashMap<>();
        cuts.put("inside a method packet", methodC + 4);
        cuts.put("inside a record", summary - 5);
        cuts.put("inside the summary", summary + 20);
        cuts.put("before the summary", summary);
        for (Map.Entry<String, Integer> cut : cuts.entrySet()) {
            Path file = write(Arrays.copyOf(whole, cut.getValue()), "cut.trace", 0);
            assertStreams(file);
            StreamingPassCheck.assertSameOutputs(file, "main");
            StreamingPassCheck.assertSameOutputs(file, "worker");
        }
    }

    /** A method packet across the scan's (and the full reader's) 1 MiB block boundary. */
    @Test
    void packetAcrossTheBlockBoundary() throws Exception {
        String longName = "com.example.Long" + "x".repeat(3000);
        int at = indexOf(straddling(37_000, longName), longName);
        int pairs = 37_000 + ((1 << 20) - 1500 - at) / 28;
        byte[] bytes = straddling(pairs, longName);
        int name = indexOf(bytes, longName);
        assertThat(name).isLessThan(1 << 20);
        assertThat(name + longName.length()).isGreaterThan(1 << 20);
        Path file = write(bytes, "straddle.trace", 0);
        assertStreams(file);
        StreamingPassCheck.assertSameOutputs(file, "main");
    }

    /** {@code pairs} calls of A, then one of a method with a long name (its packet comes first), then A again. */
    private static byte[] straddling(int pairs, String longName) {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).thread(1, "main");
        long a = w.methodId(1);
        long b = w.methodId(2);
        w.method(a, "com.example.A", "run", "()V", "A.java").method(b, longName, "run", "()V", "L.java");
        long t = 0;
        for (int i = 0; i < pairs; i++, t += 3) {
            w.enter(1, a, t, t / 2).exit(1, a, t + 1, t / 2);
        }
        w.enter(1, b, t, t / 2).enter(1, a, t + 1, t / 2).exit(1, a, t + 2, t / 2).exit(1, b, t + 5, t / 2);
        return w.toBytes();
    }

    @TestFactory
    Stream<DynamicTest> randomStreamingFiles() {
        return Stream.iterate(1, s -> s + 1).limit(40).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            Path file = write(RandomMethodTraces.streaming(new Random(seed)), "random-streaming-" + seed + ".trace", 0);
            StreamingProfile shared = new StreamingProfile(false, false);
            if (MethodTraceScan.scan(file, shared) == null) {
                assertThat(shared.needsThreadSums()).isTrue();
                assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, true))).isNotNull();
            }
            StreamingPassCheck.assertSameOutputs(file, "main");
        }));
    }

    /** The streaming pass reads {@code file} (with one table for every thread, or a table per thread). */
    private static void assertStreams(Path file) throws Exception {
        StreamingProfile shared = new StreamingProfile(false, false);
        if (MethodTraceScan.scan(file, shared) == null) {
            assertThat(shared.needsThreadSums()).as("why the scan gave way").isTrue();
            assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, true))).isNotNull();
        }
    }

    private static boolean isStreamingFormat(Path file) throws IOException {
        byte[] head = new byte[6];
        try (var in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, 6) < 6) {
                return false;
            }
        }
        int version = (head[4] & 0xFF) | (head[5] & 0xFF) << 8;
        return head[0] == 'S' && head[1] == 'L' && head[2] == 'O' && head[3] == 'W' && version >= 0xF1
                && version <= 0xF3;
    }

    private static int indexOf(byte[] bytes, String text) {
        return new String(bytes, StandardCharsets.ISO_8859_1).indexOf(text);
    }

    private static int lastIndexOf(byte[] bytes, String text) {
        return new String(bytes, StandardCharsets.ISO_8859_1).lastIndexOf(text);
    }

    /** Exits before any entry (synthetic callers, one of them idle, one recursive), every other repair too. */
    @Test
    void everyRepairGivesTheSameOutput() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").thread(2, "worker");
        long a = w.methodId(0);
        long b = w.methodId(1);
        long c = w.methodId(2);
        long park = w.methodId(3);
        long wait = w.methodId(4);
        long undefined = w.methodId(40);
        w.method(a, "com.example.A", "run", "()V", "A.java").method(b, "com.example.B", "load", "(I)V", "B.java")
                .method(c, "com.example.C", "draw", "()V", "C.java")
                .method(park, PARK_CLASS, "park", "(Ljava/lang/Object;)V", "LockSupport.java")
                .method(wait, "java.lang.Object", "wait", "()V", "Object.java");
        // main: a call, then exits of B (synthetic caller), park (idle synthetic caller) and B again
        w.enter(1, a, 10, 5).enter(1, b, 12, 6).exit(1, b, 20, 9).exit(1, a, 25, 11);
        w.exit(1, b, 30, 12);
        w.enter(1, c, 31, 13).enter(1, park, 32, 13).exit(1, park, 40, 14).exit(1, c, 45, 16);
        w.exit(1, park, 50, 17);
        w.enter(1, b, 51, 18).enter(1, b, 52, 19).exit(1, b, 60, 20).exit(1, b, 61, 21);
        w.exit(1, b, 70, 22).exit(1, a, 72, 23);
        // worker: recursion, idle inside work and work inside idle, mismatched / orphan / unwind /
        // action-3 exits, time running backwards, an undefined method, calls open at the end
        w.enter(2, a, 100, 50).enter(2, a, 101, 51).enter(2, wait, 102, 51).enter(2, c, 103, 52).exit(2, c, 104, 52)
                .exit(2, wait, 110, 53).enter(2, b, 111, 54).enter(2, c, 112, 55).exit(2, a, 113, 56);
        w.exit(2, c, 114, 57).enter(2, undefined, 90, 58).record(2, undefined, 3, 120, 40).enter(2, b, 121, 60)
                .unwind(2, b, 125, 61).enter(2, park, 126, 62).enter(2, a, 130, 63).enter(2, c, 131, 64);
        w.enter(3, c, 200, 70).exit(3, a, 201, 71);
        Path file = write(w.toBytes(), "repairs.trace", 3);
        // main's synthetic caller of B comes after a B it summed already: one table for every thread
        // cannot take that back, so the profile asks for a table per thread
        StreamingProfile shared = new StreamingProfile(false, false);
        assertThat(MethodTraceScan.scan(file, shared)).isNull();
        assertThat(shared.needsThreadSums()).isTrue();
        assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, true))).isNotNull();
        StreamingPassCheck.assertSameOutputs(file, "worker");
        StreamingPassCheck.assertSameOutputs(file, "main");
    }

    /**
     * Synthetic callers that take nothing back (the first records, or a caller whose method the
     * thread has not summed yet) keep the one table shared by every thread.
     */
    @Test
    void syntheticCallersOnAFreshThreadKeepTheSharedTable() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").thread(2, "worker");
        long a = w.methodId(0);
        long b = w.methodId(1);
        long c = w.methodId(2);
        long park = w.methodId(3);
        w.method(a, "com.example.A", "run", "()V", "A.java").method(b, "com.example.B", "load", "(I)V", "B.java")
                .method(c, "com.example.C", "draw", "()V", "C.java")
                .method(park, PARK_CLASS, "park", "(Ljava/lang/Object;)V", "LockSupport.java");
        // main starts inside park (idle) inside B inside A, with a call of C between the exits
        w.exit(1, park, 10, 5).enter(1, c, 12, 6).exit(1, c, 15, 7).exit(1, b, 20, 8).exit(1, a, 30, 9);
        // worker starts inside B: calls of A and C, then B's exit, then more of A
        w.enter(2, a, 11, 3).enter(2, c, 13, 4).exit(2, c, 16, 5).exit(2, a, 19, 6).exit(2, b, 25, 8)
                .enter(2, a, 26, 9).exit(2, a, 28, 10);
        Path file = write(w.toBytes(), "fresh-callers.trace", 0);
        StreamingProfile shared = new StreamingProfile(false, false);
        assertThat(MethodTraceScan.scan(file, shared)).isNotNull();
        assertThat(shared.needsThreadSums()).isFalse();
        StreamingPassCheck.assertSameOutputs(file, "main");
        StreamingPassCheck.assertSameOutputs(file, "worker");
    }

    /** A legacy file, or a streaming-format one. */
    private static AndroidTraceWriter writer(boolean streaming, int version, Clock clock) {
        return streaming ? AndroidTraceWriter.streaming(version, clock) : AndroidTraceWriter.legacy(version, clock);
    }

    /** A stack deeper than the call table's depth column: the streaming pass gives way to the full read. */
    @ParameterizedTest(name = "streaming format {0}")
    @ValueSource(booleans = {false, true})
    void deepStackFallsBackToTheFullRead(boolean streaming) throws Exception {
        AndroidTraceWriter w = writer(streaming, 3, Clock.WALL).thread(1, "main");
        long a = w.methodId(0);
        w.method(a, "com.example.A", "recurse", "()V", "A.java");
        for (int i = 0; i < 33_000; i++) {
            w.enter(1, a, i, 0);
        }
        Path file = write(w.toBytes(), "deep.trace", 0);
        assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, false))).isNull();
        StreamingPassCheck.assertSameOutputs(file, "main");
    }

    /** Past a visitor's limits (here: many idle synthetic callers) the scan gives way too. */
    @ParameterizedTest(name = "streaming format {0}")
    @ValueSource(booleans = {false, true})
    void abandonedScanFallsBackToTheFullRead(boolean streaming) throws Exception {
        AndroidTraceWriter w = writer(streaming, 3, Clock.DUAL).thread(1, "main");
        long a = w.methodId(0);
        long park = w.methodId(1);
        w.method(a, "com.example.A", "run", "()V", "A.java")
                .method(park, PARK_CLASS, "park", "(Ljava/lang/Object;)V", "LockSupport.java");
        for (int i = 0; i < 70; i++) {
            w.enter(1, a, 10L * i, i).exit(1, a, 10L * i + 4, i).exit(1, park, 10L * i + 6, i);
        }
        Path file = write(w.toBytes(), "idle-callers.trace", 0);
        assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, false))).isNull();
        StreamingPassCheck.assertSameOutputs(file, "main");
    }

    /** Thousands of threads with one call each stream within the memory budget. */
    @ParameterizedTest(name = "streaming format {0}")
    @ValueSource(booleans = {false, true})
    void manyThreadsStream(boolean streaming) throws Exception {
        AndroidTraceWriter w = writer(streaming, 2, Clock.WALL);
        long a = w.methodId(0);
        w.method(a, "com.example.A", "run", "()V", "A.java");
        for (int t = 1; t <= 3000; t++) {
            w.thread(t, "t" + t).enter(t, a, t, 0).exit(t, a, t + 5, 0);
        }
        Path file = write(w.toBytes(), "threads.trace", 0);
        assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, false))).isNotNull();
        StreamingPassCheck.assertSameOutputs(file, "t7");
    }

    @TestFactory
    Stream<DynamicTest> randomFiles() {
        return Stream.iterate(1, s -> s + 1).limit(40).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            Path file = write(RandomMethodTraces.legacy(new Random(seed)), "random-" + seed + ".trace", seed % 4);
            StreamingProfile shared = new StreamingProfile(false, false);
            if (MethodTraceScan.scan(file, shared) == null) {
                assertThat(shared.needsThreadSums()).isTrue();
                assertThat(MethodTraceScan.scan(file, new StreamingProfile(false, true))).isNotNull();
            }
            StreamingPassCheck.assertSameOutputs(file, "t1");
        }));
    }

    private Path write(byte[] bytes, String name, int strayBytes) throws IOException {
        byte[] withStray = Arrays.copyOf(bytes, bytes.length + strayBytes);
        Path file = dir.resolve(name);
        Files.write(file, withStray);
        return file;
    }
}
