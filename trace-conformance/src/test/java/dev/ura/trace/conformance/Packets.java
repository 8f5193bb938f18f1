package dev.ura.trace.conformance;

import perfetto.protos.PerfettoTrace.ClockSnapshot;
import perfetto.protos.PerfettoTrace.EventName;
import perfetto.protos.PerfettoTrace.InternedData;
import perfetto.protos.PerfettoTrace.ProcessDescriptor;
import perfetto.protos.PerfettoTrace.ThreadDescriptor;
import perfetto.protos.PerfettoTrace.Trace;
import perfetto.protos.PerfettoTrace.TracePacket;
import perfetto.protos.PerfettoTrace.TracePacketDefaults;
import perfetto.protos.PerfettoTrace.TrackDescriptor;
import perfetto.protos.PerfettoTrace.TrackEvent;
import perfetto.protos.PerfettoTrace.TrackEventDefaults;

import java.util.ArrayList;
import java.util.List;

/**
 * Hand-built Perfetto traces, written with the builders protoc generated from the official proto
 * (so every byte is what a real writer would put there). One sequence ({@link #SEQ}) unless a
 * packet says otherwise.
 */
final class Packets {
    static final int SEQ = 7;
    static final int CLEARED = TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE;
    static final int NEEDS = TracePacket.SequenceFlags.SEQ_NEEDS_INCREMENTAL_STATE_VALUE;

    private final List<TracePacket> packets = new ArrayList<>();

    static TracePacket.Builder packet(int flags) {
        TracePacket.Builder b = TracePacket.newBuilder().setTrustedPacketSequenceId(SEQ);
        if (flags != 0) {
            b.setSequenceFlags(flags);
        }
        return b;
    }

    /** The SDK's clear: defaults (clock, default track) and a snapshot of BOOTTIME and the clock 64. */
    static TracePacket.Builder sdkClear(long bootNs, long clock64Value, long unitNs, long defaultTrack) {
        return packet(CLEARED)
                .setTracePacketDefaults(TracePacketDefaults.newBuilder().setTimestampClockId(64)
                        .setTrackEventDefaults(TrackEventDefaults.newBuilder().setTrackUuid(defaultTrack)))
                .setClockSnapshot(ClockSnapshot.newBuilder()
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(6).setTimestamp(bootNs))
                        .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(64).setTimestamp(clock64Value)
                                .setUnitMultiplierNs(unitNs).setIsIncremental(true)));
    }

    static TracePacket.Builder threadTrack(long uuid, int pid, int tid, String name) {
        return packet(NEEDS).setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(uuid)
                .setThread(ThreadDescriptor.newBuilder().setPid(pid).setTid(tid).setThreadName(name)));
    }

    static TracePacket.Builder processTrack(long uuid, int pid, String name) {
        return packet(NEEDS).setTrackDescriptor(TrackDescriptor.newBuilder().setUuid(uuid).setName(name)
                .setProcess(ProcessDescriptor.newBuilder().setPid(pid)));
    }

    /** A TrackEvent packet at {@code delta} on the defaults' clock. */
    static TracePacket.Builder event(long delta, TrackEvent.Builder e) {
        return packet(NEEDS).setTimestamp(delta).setTrackEvent(e);
    }

    static TrackEvent.Builder begin(long nameIid) {
        return TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_BEGIN).setNameIid(nameIid);
    }

    static TrackEvent.Builder end() {
        return TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_END);
    }

    static InternedData.Builder names(Object... iidThenName) {
        InternedData.Builder b = InternedData.newBuilder();
        for (int i = 0; i < iidThenName.length; i += 2) {
            b.addEventNames(EventName.newBuilder().setIid(((Number) iidThenName[i]).longValue())
                    .setName((String) iidThenName[i + 1]));
        }
        return b;
    }

    Packets add(TracePacket.Builder p) {
        packets.add(p.build());
        return this;
    }

    byte[] bytes() {
        return Trace.newBuilder().addAllPacket(packets).build().toByteArray();
    }
}
