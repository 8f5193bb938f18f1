package dev.ura.trace.perfetto;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ColdLaunchScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.ModelFingerprint;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.ProtoWriter;
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
        out.add(Arguments.of("sched_wakeup after sched_waking, interrupt prints", wakeupsAndIrqPrints()));
        return out.stream();
    }

    /**
     * Bundles of full events: per CPU a switch in, a {@code sched_waking} with its {@code sched_wakeup}
     * (the builder drops the second half), a lone {@code sched_wakeup}, and atrace slices written
     * while pid 0 was current (they go to the CPU's interrupt lane).
     */
    private static byte[] wakeupsAndIrqPrints() {
        List<byte[]> packets = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            for (int cpu = 0; cpu < 2; cpu++) {
                long t = 1_000_000_000L + round * 1_000_000L + cpu * 1000;
                int tid = 100 + cpu;
                ProtoWriter bundle = new ProtoWriter().varint(1, cpu)
                        .message(2, event(t, 0, 4, new ProtoWriter().string(1, "swapper").varint(2, 0).varint(4, 0)
                                .string(5, "t" + tid).varint(6, tid)))
                        .message(2, event(t + 10, tid, 20, new ProtoWriter().string(1, "w").varint(2, 200 + round)
                                .varint(5, cpu)))
                        .message(2, event(t + 20, tid, 17, new ProtoWriter().string(1, "w").varint(2, 200 + round)
                                .varint(5, cpu)))
                        .message(2, event(t + 30, tid, 17, new ProtoWriter().string(1, "v").varint(2, 300 + round)
                                .varint(5, 1 - cpu)))
                        .message(2, event(t + 40, tid, 4, new ProtoWriter().string(1, "t" + tid).varint(2, tid)
                                .varint(4, 1).string(5, "swapper").varint(6, 0)))
                        .message(2, event(t + 50, 0, 3, new ProtoWriter().string(2, "B|0|pp_done_irq\n")))
                        .message(2, event(t + 60, 0, 3, new ProtoWriter().string(2, "E|0\n")));
                packets.add(new ProtoWriter().message(1, new ProtoWriter().message(1, bundle).varint(10, 1))
                        .toByteArray());
            }
        }
        return PerfettoTraceWriter.concat(packets);
    }

    private static ProtoWriter event(long ts, int pid, int field, ProtoWriter payload) {
        return new ProtoWriter().varint(1, ts).varint(2, pid).message(field, payload);
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
    void wakeupHalvesAndInterruptPrintsAreReplayedToo() throws Exception {
        // 20 rounds x 2 CPUs: each round's two wakes of task 200+round by sched_waking are followed by
        // their sched_wakeup halves (the task never runs between): 40 dropped. Each CPU's B|0 / E|0
        // pair, written while pid 0 was current, is one slice on that CPU's interrupt lane: 20 each.
        Trace t = read(new PerfettoReader(2, 1), wakeupsAndIrqPrints());
        assertThat(t.metadata().property("sched_wakeup after sched_waking (one wake)")).isEqualTo("40");
        for (String lane : List.of("CPU 0 irq", "CPU 1 irq")) {
            assertThat(t.threads()).filteredOn(th -> th.name().equals(lane)).singleElement()
                    .satisfies(th -> assertThat(th.calls().size()).isEqualTo(20));
        }
    }

    @Test
    void bundlesOfSwitchesWakingsAndSlicesGoThroughTheColumnsOthersAreReplayed() {
        // The tap: bundles of compact sched and B/E slices go through the tables, those with other
        // events (task creation, other atrace payloads) are replayed; both kinds occur.
        byte[] compact = PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain().withCompact());
        assertThat(kinds(compact)).contains(PacketChunk.COLUMNS, PacketChunk.FTRACE);
        // Each bundle holds prints written while pid 0 was current (interrupt lanes): replayed as calls.
        assertThat(kinds(wakeupsAndIrqPrints())).contains(PacketChunk.FTRACE).doesNotContain(PacketChunk.COLUMNS);
    }

    /** The kind of each packet of {@code file} decoded as one chunk. */
    private static List<Byte> kinds(byte[] file) {
        PacketChunk c = new PacketChunk();
        c.decode(ByteBuffer.wrap(file), 0, file.length, new FtraceDecoder(null));
        List<Byte> out = new ArrayList<>();
        for (int p = 0; p < c.packets; p++) {
            out.add(c.kind[p]);
        }
        return out;
    }

    /**
     * The CPU's current task crosses bundles: bundle 1 switches tid 10 in on CPU 0; bundle 2 starts
     * with a slice end by tid 10 (already current: the hint is dropped at the merge, which alone
     * knows), then a slice by tid 11 (a hint row); bundle 3 starts with another event by tid 11 (its
     * hint dropped too). Every chunked read, down to one packet a chunk, must build the one-thread
     * read's model; threads are first seen 10 (bundle 1's switch), then 11 (bundle 2).
     */
    @Test
    void theCurrentTaskCarriedAcrossBundlesIsSettledAtTheMerge() throws Exception {
        List<byte[]> packets = new ArrayList<>();
        packets.add(bundle(0, event(100, 0, 4, new ProtoWriter().string(1, "swapper").varint(2, 0).varint(4, 0)
                .string(5, "ten").varint(6, 10)), event(110, 10, 3, new ProtoWriter().string(2, "B|10|a\n"))));
        packets.add(bundle(0, event(120, 10, 3, new ProtoWriter().string(2, "E|10\n")),
                event(130, 11, 3, new ProtoWriter().string(2, "B|11|b\n"))));
        packets.add(bundle(0, event(140, 11, 3, new ProtoWriter().string(2, "E|11\n")),
                event(150, 0, 4, new ProtoWriter().string(1, "eleven").varint(2, 11).varint(4, 1)
                        .string(5, "swapper").varint(6, 0))));
        byte[] file = PerfettoTraceWriter.concat(packets);
        assertThat(kinds(file)).containsOnly(PacketChunk.COLUMNS);
        String expected = ModelFingerprint.text(read(ONE, file));
        for (PerfettoReader r : CHUNKED) {
            assertThat(ModelFingerprint.text(read(r, file))).isEqualTo(expected);
        }
        Trace t = read(new PerfettoReader(2, 1), file);
        assertThat(t.threads()).extracting(th -> th.id()).containsExactly(10L, 11L);
        // Slices a [110, 120] on 10 and b [130, 140] on 11, each a single call.
        assertThat(t.threads()).allSatisfy(th -> assertThat(th.calls().size()).isEqualTo(1));
    }

    private static byte[] bundle(int cpu, ProtoWriter... events) {
        ProtoWriter b = new ProtoWriter().varint(1, cpu);
        for (ProtoWriter e : events) {
            b.message(2, e);
        }
        return new ProtoWriter().message(1, new ProtoWriter().message(1, b).varint(10, 1)).toByteArray();
    }

    @Test
    void theSamplesAndARealCaptureBuildTheSameModel() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("..", "sample-traces", "samples", "system"))) {
            s.filter(p -> p.toString().endsWith(".perfetto-trace")).forEach(files::add);
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            sameModelEveryWay(f);
        }
        // Last: skips (only) this part when the shared folder is absent.
        sameModelEveryWay(SharedFiles.require("traces/system-real/nowinandroid__trace.perfetto-trace"));
    }

    private static void sameModelEveryWay(Path f) throws Exception {
        byte[] b = Files.readAllBytes(f);
        String expected = ModelFingerprint.hash(read(ONE, b));
        for (PerfettoReader r : CHUNKED) {
            assertThat(ModelFingerprint.hash(read(r, b))).as(f.toString()).isEqualTo(expected);
        }
        // Chunks of 64 KiB on two threads, as a large file is read (the real capture: ~14 chunks).
        assertThat(ModelFingerprint.hash(read(new PerfettoReader(2, 64 << 10), b))).as(f.toString()).isEqualTo(expected);
    }

    @Test
    void cutAndCorruptedFilesWarnOrFailTheSameWay() {
        byte[] good = PerfettoTraceWriter.write(ClickWorkerNetworkScenario.script(),
                PerfettoTraceWriter.Options.plain().withCompact());
        assertCorruptedCopiesReadAlike(good, 7, 200, CHUNKED);
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

    /**
     * {@code rounds} copies of {@code good} with 1–6 bytes changed at random (every third also cut
     * short): each {@code chunked} reader must give what one thread gives, model or error.
     */
    static void assertCorruptedCopiesReadAlike(byte[] good, long seed, int rounds, List<PerfettoReader> chunked) {
        Random r = new Random(seed);
        for (int round = 0; round < rounds; round++) {
            byte[] b = good.clone();
            int flips = 1 + r.nextInt(6);
            for (int i = 0; i < flips; i++) {
                b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            }
            if (round % 3 == 0) {
                b = Arrays.copyOf(b, r.nextInt(b.length) + 1);
            }
            String expected = outcome(ONE, b);
            for (PerfettoReader reader : chunked) {
                assertThat(outcome(reader, b)).as("round " + round).isEqualTo(expected);
            }
        }
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
