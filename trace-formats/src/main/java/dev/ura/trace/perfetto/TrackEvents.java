package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TrackDescriptors and TrackEvents. Events are kept (compactly) until the end of the file so a
 * descriptor that arrives after its first events still places them; then thread-track slices
 * join the thread's atrace slices, other tracks' slices become async slices, counters become
 * counter tracks and flow ids become flows.
 */
final class TrackEvents {
    static final int SLICE_BEGIN = 1;
    static final int SLICE_END = 2;
    static final int INSTANT = 3;
    static final int COUNTER = 4;

    /** A track: thread (tid > 0), process (pid > 0, tid 0) or named. */
    static final class Track {
        long tid;
        long pid;
        long parent;
        String name;
        boolean counter;
    }

    private record Event(long uuid, int type, long ts, String name, double value, long[] flows, long[] ends) {
    }

    private final Map<Long, Track> tracks = new HashMap<>();
    private final List<Event> events = new ArrayList<>();

    Track track(long uuid) {
        return tracks.computeIfAbsent(uuid, k -> new Track());
    }

    void event(long uuid, int type, long ts, String name, double value, long[] flows, long[] ends) {
        events.add(new Event(uuid, type, ts, name, value, flows, ends));
    }

    /** Applies every event to the builder, in file order. */
    void finish(SystemTraceBuilder b) {
        for (Event e : events) {
            Track t = tracks.get(e.uuid);
            long tid = t == null ? 0 : t.tid;
            long pid = t == null ? -1 : processOf(t);
            String trackName = t == null || t.name == null ? (e.uuid == 0 ? "global" : "track " + e.uuid) : t.name;
            b.time(e.ts);
            b.record();
            switch (e.type) {
                case SLICE_BEGIN -> {
                    if (tid > 0) {
                        b.sliceBegin(e.ts, tid, e.name == null ? "" : e.name);
                    } else {
                        b.asyncBegin(e.ts, pid, trackName, e.name == null ? "" : e.name, e.uuid);
                    }
                }
                case SLICE_END -> {
                    if (tid > 0) {
                        b.sliceEnd(e.ts, tid);
                    } else {
                        b.asyncEnd(e.ts, pid, trackName, e.uuid);
                    }
                }
                case INSTANT -> {
                    if (tid > 0) {
                        b.instant(e.ts, tid, e.name == null ? "" : e.name);
                    } else {
                        b.asyncInstant(e.ts, pid, trackName, e.name == null ? "" : e.name);
                    }
                }
                case COUNTER -> b.counter(e.ts, pid, trackName, e.value);
                default -> b.count("track events of an unknown type (skipped)");
            }
            if (e.flows != null) {
                for (long id : e.flows) {
                    b.flow(id, tid, e.ts, false);
                }
            }
            if (e.ends != null) {
                for (long id : e.ends) {
                    b.flow(id, tid, e.ts, true);
                }
            }
        }
    }

    private long processOf(Track t) {
        Track x = t;
        for (int depth = 0; x != null && depth < 32; depth++) {
            if (x.pid > 0) {
                return x.pid;
            }
            x = x.parent != 0 ? tracks.get(x.parent) : null;
        }
        return -1;
    }
}
