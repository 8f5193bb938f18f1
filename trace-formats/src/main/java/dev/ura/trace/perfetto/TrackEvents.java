package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

import java.util.Arrays;
import java.util.HashMap;
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

    private final Map<Long, Track> tracks = new HashMap<>();
    /** The events, column-wise in file order (names are the sequences' interned instances, not copies). */
    private int size;
    private long[] uuids = new long[256];
    private byte[] types = new byte[256];
    private long[] times = new long[256];
    private String[] names = new String[256];
    /** Counter values (as double bits) and flow ids, by event index: rare, so kept aside. */
    private final Map<Integer, Double> values = new HashMap<>();
    private final Map<Integer, long[][]> flows = new HashMap<>();

    Track track(long uuid) {
        return tracks.computeIfAbsent(uuid, k -> new Track());
    }

    void event(long uuid, int type, long ts, String name, double value, long[] flowIds, long[] ends) {
        if (size == uuids.length) {
            int n = size * 2;
            uuids = Arrays.copyOf(uuids, n);
            types = Arrays.copyOf(types, n);
            times = Arrays.copyOf(times, n);
            names = Arrays.copyOf(names, n);
        }
        uuids[size] = uuid;
        types[size] = (byte) Math.max(0, Math.min(Byte.MAX_VALUE, type));
        times[size] = ts;
        names[size] = name;
        if (value != 0) {
            values.put(size, value);
        }
        if (flowIds != null || ends != null) {
            flows.put(size, new long[][] {flowIds, ends});
        }
        size++;
    }

    /** Applies every event to the builder, in file order. */
    void finish(SystemTraceBuilder b) {
        // Events come in runs on one track (a writer's thread): its Track is looked up once per run,
        // not boxed and hashed per event (no track is added from here on).
        long lastUuid = 0;
        Track t = null;
        boolean found = false;
        for (int i = 0; i < size; i++) {
            long uuid = uuids[i];
            long ts = times[i];
            String name = names[i] == null ? "" : names[i];
            if (!found || uuid != lastUuid) {
                t = tracks.get(uuid);
                lastUuid = uuid;
                found = true;
            }
            long tid = t == null ? 0 : t.tid;
            b.time(ts);
            b.record();
            switch (types[i]) {
                case SLICE_BEGIN -> {
                    if (tid > 0) {
                        b.sliceBegin(ts, tid, name);
                    } else {
                        b.asyncBegin(ts, processOf(t), trackName(t, uuid), name, uuid);
                    }
                }
                case SLICE_END -> {
                    if (tid > 0) {
                        b.sliceEnd(ts, tid);
                    } else {
                        b.asyncEnd(ts, processOf(t), trackName(t, uuid), uuid);
                    }
                }
                case INSTANT -> {
                    if (tid > 0) {
                        b.instant(ts, tid, name);
                    } else {
                        b.asyncInstant(ts, processOf(t), trackName(t, uuid), name);
                    }
                }
                case COUNTER -> b.counter(ts, processOf(t), trackName(t, uuid), values.getOrDefault(i, 0.0));
                default -> b.count("track events of an unknown type (skipped)");
            }
            long[][] f = flows.isEmpty() ? null : flows.get(i);
            if (f != null) {
                for (int k = 0; k < 2; k++) {
                    if (f[k] != null) {
                        for (long id : f[k]) {
                            b.flow(id, tid, ts, k == 1);
                        }
                    }
                }
            }
        }
    }

    private static String trackName(Track t, long uuid) {
        return t == null || t.name == null ? (uuid == 0 ? "global" : "track " + uuid) : t.name;
    }

    /** The process of a track (through its parents), -1 when none; a null track has none. */
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
