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
    /**
     * The events, column-wise in file order (names are the sequences' interned instances, not
     * copies), in blocks of {@link #BLOCK}: appending never copies what is stored.
     */
    private static final int SHIFT = 12;
    private static final int BLOCK = 1 << SHIFT;
    private int size;
    private long[][] uuids = new long[4][];
    private byte[][] types = new byte[4][];
    private long[][] times = new long[4][];
    private String[][] names = new String[4][];
    /** Counter values (as double bits) and flow ids, by event index: rare, so kept aside. */
    private final Map<Integer, Double> values = new HashMap<>();
    private final Map<Integer, long[][]> flows = new HashMap<>();

    Track track(long uuid) {
        return tracks.computeIfAbsent(uuid, k -> new Track());
    }

    void event(long uuid, int type, long ts, String name, double value, long[] flowIds, long[] ends) {
        int k = size >>> SHIFT;
        int j = size & (BLOCK - 1);
        if (j == 0) {
            if (k == uuids.length) {
                uuids = Arrays.copyOf(uuids, k * 2);
                types = Arrays.copyOf(types, k * 2);
                times = Arrays.copyOf(times, k * 2);
                names = Arrays.copyOf(names, k * 2);
            }
            uuids[k] = new long[BLOCK];
            types[k] = new byte[BLOCK];
            times[k] = new long[BLOCK];
            names[k] = new String[BLOCK];
        }
        uuids[k][j] = uuid;
        types[k][j] = (byte) Math.max(0, Math.min(Byte.MAX_VALUE, type));
        times[k][j] = ts;
        names[k][j] = name;
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
            int blk = i >>> SHIFT;
            int j = i & (BLOCK - 1);
            long uuid = uuids[blk][j];
            long ts = times[blk][j];
            String name = names[blk][j] == null ? "" : names[blk][j];
            if (!found || uuid != lastUuid) {
                t = tracks.get(uuid);
                lastUuid = uuid;
                found = true;
            }
            long tid = t == null ? 0 : t.tid;
            b.time(ts);
            b.record();
            switch (types[blk][j]) {
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
