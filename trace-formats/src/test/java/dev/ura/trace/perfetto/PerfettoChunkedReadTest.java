package dev.ura.trace.perfetto;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ColdLaunchScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.ModelFingerprint;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SdkTrackEventWriter;
import dev.ura.trace.testing.SharedFiles;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A file decoded in chunks on several threads, with the bundles' calls replayed in file order,
 * builds exactly the model the one-thread read builds (every call, state, wakeup, frame, name and
 * warning: {@link ModelFingerprint}), including when chunks are single packets, when packets need
 * sequence state (SDK TrackEvents: interned names, incremental clocks, clears), in compressed
 * containers, and on cut or corrupted files, which must fail or warn the same way.
 */
class PerfettoChunkedReadTest {
    /** One thread, whole file: the reference. */
    private static final PerfettoReader ONE = new PerfettoReader(1, PerfettoReader.CHUNK_BYTES);
    /** Several layouts of chunks: tiny (down to one packet each) to a few packets, 2 to 4 threads. */
    private static final List<PerfettoReader> CHUNKED = List.of(new PerfettoReader(2, 1), new PerfettoReader(3, 700),
            new PerfettoReader(4, 4096));

    static Stream<Arguments> files() {
        List<Arguments> out = new ArrayList<>();
        PerfettoTraceWriter.Options plain = PerfettoTraceWriter.Options.plain();
        out.add(Arguments.of("tap, full sched events", PerfettoTraceWriter.write(SystemScenarios.tap(), plain)));
        out.add(Arguments.of("tap, compact sched", PerfettoTraceWriter.write(SystemScenarios.tap(), plain.withCompact())));
        out.add(Arguments.of("tap, compressed containers",
                PerfettoTraceWriter.write(SystemScenarios.tap(), plain.withCompact().withCompressed())));
        out.add(Arguments.of("click/worker/network", PerfettoTraceWriter.write(ClickWorkerNetworkScenario.script(),
                plain.withCompact())));
        out.add(Arguments.of("cold launch", PerfettoTraceWriter.write(ColdLaunchScenario.script(), plain)));
        out.add(Arguments.of("disk write, binder, lock", PerfettoTraceWriter.write(DiskWriteBinderLockScenario.script(),
                plain.withCompact())));
        out.add(Arguments.of("SDK track events", SdkTrackEventWriter.write(ClickWorkerNetworkScenario.script())));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void chunkedReadsBuildTheSameModel(String name, byte[] file) throws Exception {
        String expected = ModelFingerprint.text(read(ONE, file));
        for (PerfettoReader r : CHUNKED) {
            assertThat(ModelFingerprint.text(read(r, file))).isEqualTo(expected);
        }
    }

    @Test
    void theSamplesAndARealCaptureBuildTheSameModel() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("..", "sample-traces", "samples", "system"))) {
            s.filter(p -> p.toString().endsWith(".perfetto-trace")).forEach(files::add);
        }
        assertThat(files).isNotEmpty();
        files.add(SharedFiles.require("traces/system-real/nowinandroid__trace.perfetto-trace"));
        for (Path f : files) {
            byte[] b = Files.readAllBytes(f);
            String expected = ModelFingerprint.hash(read(ONE, b));
            for (PerfettoReader r : CHUNKED) {
                assertThat(ModelFingerprint.hash(read(r, b))).as(f.toString()).isEqualTo(expected);
            }
            // Chunks of 64 KiB on two threads, as a large file is read (the real capture: ~14 chunks).
            assertThat(ModelFingerprint.hash(read(new PerfettoReader(2, 64 << 10), b))).isEqualTo(expected);
        }
    }

    @Test
    void cutAndCorruptedFilesWarnOrFailTheSameWay() {
        byte[] good = PerfettoTraceWriter.write(ClickWorkerNetworkScenario.script(),
                PerfettoTraceWriter.Options.plain().withCompact());
        Random r = new Random(7);
        for (int round = 0; round < 200; round++) {
            byte[] b = good.clone();
            int flips = 1 + r.nextInt(6);
            for (int i = 0; i < flips; i++) {
                b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            }
            if (round % 3 == 0) {
                b = Arrays.copyOf(b, r.nextInt(b.length) + 1);
            }
            String expected = outcome(ONE, b);
            for (PerfettoReader reader : CHUNKED) {
                assertThat(outcome(reader, b)).as("round " + round).isEqualTo(expected);
            }
        }
    }

    @Test
    void aCancelledReadStopsAtAChunkAndLeavesNoDecodingThreadBehind() {
        byte[] file = PerfettoTraceWriter.write(ClickWorkerNetworkScenario.script(),
                PerfettoTraceWriter.Options.plain().withCompact());
        int[] updates = {0};
        Progress cancelAfterTheFirstChunk = new Progress() {
            @Override
            public void update(long done, long total) {
                updates[0]++;
            }

            @Override
            public boolean isCancelled() {
                return updates[0] > 0;
            }
        };
        assertThatThrownBy(() -> new PerfettoReader(3, 700).read("chunked.pftrace", ByteBuffer.wrap(file),
                cancelAfterTheFirstChunk)).isInstanceOf(CancellationException.class);
        assertThat(updates[0]).isEqualTo(1);
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().startsWith("ura-perfetto-decode") && t.isAlive());
    }

    private static String outcome(PerfettoReader reader, byte[] b) {
        try {
            return ModelFingerprint.text(read(reader, b));
        } catch (TraceFormatException e) {
            return "error " + e.getMessage();
        }
    }

    private static Trace read(PerfettoReader reader, byte[] b) throws TraceFormatException {
        return reader.read("chunked.pftrace", ByteBuffer.wrap(b), Progress.NONE);
    }
}
