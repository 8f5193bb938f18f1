package dev.ura.trace.conformance;

import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.CounterTrack;
import dev.ura.trace.model.system.ThreadInstant;
import org.junit.jupiter.api.Test;
import perfetto.protos.PerfettoTrace.ClockSnapshot;
import perfetto.protos.PerfettoTrace.CounterDescriptor;
import perfetto.protos.PerfettoTrace.ThreadDescriptor;
import perfetto.protos.PerfettoTrace.TracePacket;
import perfetto.protos.PerfettoTrace.TracePacketDefaults;
import perfetto.protos.PerfettoTrace.TrackDescriptor;
import perfetto.protos.PerfettoTrace.TrackEvent;

import java.util.List;
import java.util.Map;

import static dev.ura.trace.conformance.Packets.CLEARED;
import static dev.ura.trace.conformance.Packets.NEEDS;
import static dev.ura.trace.conformance.Packets.begin;
import static dev.ura.trace.conformance.Packets.end;
import static dev.ura.trace.conformance.Packets.event;
import static dev.ura.trace.conformance.Packets.names;
import static dev.ura.trace.conformance.Packets.packet;
import static dev.ura.trace.conformance.Packets.sdkClear;
import static dev.ura.trace.conformance.Packets.threadTrack;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * TrackEvent sequences as the Perfetto SDK writes them, built with the official generated classes.
 * Each expected slice is worked out by hand in the comments (B = 5 s on BOOTTIME; the SDK's
 * incremental clock 64 counts µs: unit_multiplier_ns 1000, snapshot value 5,000,000 µs = B), and
 * the official decoder ({@link OfficialDecoder}, the trace processor's rules) must agree.
 */
class SequenceSemanticsTest {
    private static final long B = 5_000_000_000L;
    private static final long B_US = B / 1000;

    /** B + {@code us} µs, in ns. */
    private static long t(long us) {
        return B + us * 1000;
    }

    /**
     * The reported loss. The service marks the first packet it reads of a sequence as following a
     * loss (previous_packet_dropped), and that packet is the SDK's clear. The clear wins: the
     * trace processor handles "cleared" and only otherwise "dropped". ura used to apply the loss
     * after the clear, so every SEQ_NEEDS_INCREMENTAL_STATE packet up to the next periodic clear
     * (here: the track descriptor and 4 events) was skipped.
     */
    @Test
    void aClearCarryingPreviousPacketDroppedStartsAValidSequence() throws Exception {
        Packets p = new Packets()
                .add(sdkClear(B, B_US, 1000, 11).setPreviousPacketDropped(1).setFirstPacketOnSequence(true))
                .add(threadTrack(11, 300, 300, "main"))
                .add(event(1000, begin(1)).setInternedData(names(1, "inflate", 2, "bind"))) // 5,001,000 µs
                .add(event(500, begin(2)))   // 5,001,500
                .add(event(1500, end()))     // 5,003,000: closes bind
                .add(event(1000, end()))     // 5,004,000: closes inflate
                // The periodic clear: new snapshot at B + 10 ms; iid 1 now means "draw".
                .add(sdkClear(t(10_000), B_US + 10_000, 1000, 11))
                .add(event(0, begin(1)).setInternedData(names(1, "draw"))) // 5,010,000
                .add(event(2000, end()));    // 5,012,000
        UraCounts ura = UraCounts.of("clear-and-drop.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(300L, List.of(
                "bind " + t(1500) + "-" + t(3000),
                "draw " + t(10_000) + "-" + t(12_000),
                "inflate " + t(1000) + "-" + t(4000))));
        assertAgrees(p, ura);
    }

    /**
     * A loss without a clear: the packets that need the lost state are skipped until the next
     * clear (they do not advance the incremental clock either), and the clear voids the names.
     */
    @Test
    void aLossSkipsUntilTheNextClear() throws Exception {
        Packets p = new Packets()
                .add(sdkClear(B, B_US, 1000, 11))
                .add(threadTrack(11, 300, 300, "main"))
                .add(event(1000, begin(1)).setInternedData(names(1, "a"))) // 5,001,000
                .add(event(1000, end()))                                   // 5,002,000
                .add(event(1000, begin(1)).setPreviousPacketDropped(1))    // lost state: skipped
                .add(event(1000, end()))                                   // skipped
                .add(sdkClear(t(10_000), B_US + 10_000, 1000, 11))
                .add(event(500, begin(1)).setInternedData(names(1, "b")))  // 5,010,500
                .add(event(500, end()));                                   // 5,011,000
        UraCounts ura = UraCounts.of("loss.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(300L, List.of(
                "a " + t(1000) + "-" + t(2000), "b " + t(10_500) + "-" + t(11_000))));
        assertThat(ura.trace().warnings()).contains("2 packets skipped because their sequence lost the state they need");
        assertAgrees(p, ura);
    }

    /** A packet that names the incremental clock itself still writes a delta (ClockTracker's ToNs). */
    @Test
    void anExplicitIncrementalClockIsStillADelta() throws Exception {
        Packets p = new Packets()
                .add(sdkClear(B, B_US, 1000, 11))
                .add(threadTrack(11, 300, 300, "main"))
                .add(event(1000, begin(1)).setTimestampClockId(64).setInternedData(names(1, "x"))) // 5,001,000
                .add(event(2000, end()));                                                          // 5,003,000
        UraCounts ura = UraCounts.of("explicit64.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(300L, List.of("x " + t(1000) + "-" + t(3000))));
        assertAgrees(p, ura);
    }

    /**
     * An event's own track_uuid overrides the defaults; an instant on the default (thread) track is
     * a thread instant; extra_counter_values go to the defaults' extra_counter_track_uuids; a child
     * track of a thread track with no thread of its own and a process track hold async slices,
     * not thread slices.
     */
    @Test
    void trackOverridesInstantsExtraCountersAndChildTracks() throws Exception {
        TracePacket.Builder clear = sdkClear(B, B_US, 1000, 11);
        clear.getTracePacketDefaultsBuilder().getTrackEventDefaultsBuilder().addExtraCounterTrackUuids(20);
        Packets p = new Packets()
                .add(clear)
                .add(threadTrack(11, 300, 300, "main"))
                .add(threadTrack(12, 300, 301, "worker"))
                .add(Packets.processTrack(13, 300, "app"))
                .add(packet(NEEDS).setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(14).setParentUuid(11)
                        .setName("io")))
                .add(packet(NEEDS).setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(20).setParentUuid(13)
                        .setName("heap").setCounter(CounterDescriptor.newBuilder())))
                .add(event(1000, begin(1).setTrackUuid(12))                       // worker, 5,001,000
                        .setInternedData(names(1, "work", 2, "tap", 3, "load")))
                .add(event(1000, TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_INSTANT).setNameIid(2)
                        .addExtraCounterValues(42)))                              // main instant, heap=42 at 5,002,000
                .add(event(1000, begin(3).setTrackUuid(14)))                      // io track, 5,003,000
                .add(event(1000, end().setTrackUuid(14)))                         // 5,004,000
                .add(event(1000, end().setTrackUuid(12)));                        // worker ends 5,005,000
        UraCounts ura = UraCounts.of("tracks.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(301L, List.of("work " + t(1000) + "-" + t(5000))));
        int main = ura.trace().system().threadIndex(300);
        assertThat(ura.trace().system().instants()).containsExactly(new ThreadInstant(main, t(2000), "tap"));
        CounterTrack heap = ura.trace().system().counters().get(0);
        assertThat(heap.name()).isEqualTo("heap");
        assertThat(heap.pid()).isEqualTo(300);
        assertThat(heap.size()).isEqualTo(1);
        assertThat(heap.time(0)).isEqualTo(t(2000));
        assertThat(heap.value(0)).isEqualTo(42.0);
        AsyncSlice io = ura.trace().system().asyncSlices().get(0);
        assertThat(io.name()).isEqualTo("load");
        assertThat(io.track()).isEqualTo("io");
        assertThat(io.startNs()).isEqualTo(t(3000));
        assertThat(io.endNs()).isEqualTo(t(4000));
        assertAgrees(p, ura);
    }

    /**
     * Before TracePacket.timestamp: a ThreadDescriptor gives the sequence's thread and a reference
     * time in µs on MONOTONIC; events carry timestamp_delta_us (cumulative) or
     * timestamp_absolute_us (one-off, not moving the delta base). A snapshot says
     * BOOTTIME = MONOTONIC + 2 s.
     */
    @Test
    void legacyThreadDescriptorDeltas() throws Exception {
        long mono = 3_000_000_000L;
        Packets p = new Packets()
                .add(TracePacket.newBuilder().setTrustedPacketSequenceId(1).setClockSnapshot(ClockSnapshot.newBuilder()
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(6).setTimestamp(B))
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(3).setTimestamp(mono))))
                .add(packet(CLEARED).setThreadDescriptor(ThreadDescriptor.newBuilder().setPid(400).setTid(401)
                        .setReferenceTimestampUs(mono / 1000 + 100)))                 // MONO 3,000,100 µs
                .add(packet(NEEDS).setTrackEvent(TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_BEGIN)
                        .setName("legacy").setTimestampDeltaUs(100)))                 // 3,000,200 → B + 200 µs
                .add(packet(NEEDS).setTrackEvent(TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_END)
                        .setTimestampDeltaUs(50)))                                    // 3,000,250 → B + 250 µs
                .add(packet(NEEDS).setTrackEvent(TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_BEGIN)
                        .setName("abs").setTimestampAbsoluteUs(mono / 1000 + 1000)))  // B + 1000 µs
                .add(packet(NEEDS).setTrackEvent(TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_END)
                        .setTimestampDeltaUs(1250)));                                 // 3,000,250 + 1250 → B + 1500 µs
        UraCounts ura = UraCounts.of("legacy.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(401L, List.of(
                "abs " + t(1000) + "-" + t(1500), "legacy " + t(200) + "-" + t(250))));
        assertThat(ura.trace().system().threads().get(ura.trace().system().threadIndex(401)).tgid()).isEqualTo(400);
        assertAgrees(p, ura);
    }

    /** Defaults naming an absolute global clock (MONOTONIC, BOOTTIME = MONOTONIC + 2 s). */
    @Test
    void defaultsOnAnAbsoluteGlobalClock() throws Exception {
        long mono = 3_000_000_000L;
        Packets p = new Packets()
                .add(TracePacket.newBuilder().setTrustedPacketSequenceId(1).setClockSnapshot(ClockSnapshot.newBuilder()
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(6).setTimestamp(B))
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(3).setTimestamp(mono))))
                .add(packet(CLEARED).setTracePacketDefaults(TracePacketDefaults.newBuilder().setTimestampClockId(3)))
                .add(threadTrack(11, 300, 300, "main"))
                .add(packet(NEEDS).setTimestamp(mono + 500_000).setInternedData(names(1, "m"))
                        .setTrackEvent(begin(1).setTrackUuid(11)))                    // B + 500 µs
                .add(packet(NEEDS).setTimestamp(mono + 700_000).setTrackEvent(end().setTrackUuid(11))); // B + 700 µs
        UraCounts ura = UraCounts.of("mono.pftrace", p.bytes());

        assertThat(ura.slices()).containsExactly(Map.entry(300L, List.of("m " + t(500) + "-" + t(700))));
        assertAgrees(p, ura);
    }

    private static void assertAgrees(Packets p, UraCounts ura) throws Exception {
        OfficialDecoder.Counts official = OfficialDecoder.count(p.bytes());
        assertThat(ura.slices()).as("ura's slices = the official decoder's").isEqualTo(official.slices());
        assertThat(ura.packets()).isEqualTo(official.packets());
    }
}
