package dev.ura.app.cli.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * One Perfetto SDK writer sequence for the bench trace, written the way the SDK writes (apps using
 * androidx {@code tracing-perfetto}): on each incremental-state clear a packet with a clock snapshot
 * ({@code BOOTTIME} and the incremental sequence clock 64) and defaults (clock 64, the thread's
 * track); a thread TrackDescriptor; then TrackEvent slices whose names are interned on first use
 * and whose timestamps are deltas on clock 64.
 */
final class SdkTrackEvents {
    private static final String[] NAMES = {"RV OnBindView", "Compose:recompose", "Compose:measure", "Compose:layout",
            "Compose:draw", "Coil#decode", "Room#query", "OkHttp#call", "Glide#load", "LazyColumn#prefetch",
            "ViewModel#load", "Repository#fetch", "Json#parse", "ImageDecoder#decode", "Paging#load",
            "DataStore#read", "WorkManager#enqueue", "Navigation#navigate", "Fragment#onCreateView",
            "Activity#onResume"};
    /** Events between incremental-state clears (the SDK clears at least once per trace chunk). */
    private static final int EVENTS_PER_CLEAR = 4000;

    private final int sequenceId;
    private final long pid;
    private final long tid;
    private final String threadName;
    private final Random random;
    private final Map<Integer, Integer> iids = new HashMap<>();
    private final BenchProto packet = new BenchProto();
    private final BenchProto body = new BenchProto();
    private final BenchProto inner = new BenchProto();
    private long abs;
    private int sinceClear = Integer.MAX_VALUE;

    SdkTrackEvents(int sequenceId, long pid, long tid, String threadName, Random random) {
        this.sequenceId = sequenceId;
        this.pid = pid;
        this.tid = tid;
        this.threadName = threadName;
        this.random = random;
    }

    private long uuid() {
        return 0x5D0000L + tid;
    }

    /** Slices between {@code from} and {@code to} (ns, BOOTTIME), {@code count} begin/end pairs; returns bytes. */
    long slices(OutputStream out, long from, long to, int count) throws IOException {
        long n = 0;
        long t = Math.max(from, abs);
        long step = Math.max(1, (to - t) / (2L * count + 1));
        for (int i = 0; i < count; ) {
            int depth = Math.min(count - i, 1 + random.nextInt(3));
            int[] open = new int[depth];
            for (int d = 0; d < depth; d++) {
                if (sinceClear >= EVENTS_PER_CLEAR) {
                    n += clear(out, t);
                }
                open[d] = random.nextInt(NAMES.length);
                t += 1 + random.nextInt((int) Math.min(Integer.MAX_VALUE, 2 * step));
                n += event(out, t, 1, open[d]);
            }
            for (int d = depth - 1; d >= 0; d--) {
                t += 1 + random.nextInt((int) Math.min(Integer.MAX_VALUE, 2 * step));
                n += event(out, t, 2, -1);
            }
            i += depth;
        }
        return n;
    }

    private long clear(OutputStream out, long t) throws IOException {
        iids.clear();
        sinceClear = 0;
        abs = t;
        BenchProto snapshot = new BenchProto()
                .msg(1, new BenchProto().varint(1, 6).varint(2, t))
                .msg(1, new BenchProto().varint(1, 64).varint(2, t).varint(3, 1));
        // TrackEventDefaults.track_uuid is field 11 (as in TrackEvent).
        BenchProto defaults = new BenchProto().varint(58, 64).msg(11, new BenchProto().varint(11, uuid()));
        long n = BenchProto.emit(out, packet.reset().varint(10, sequenceId).varint(13, 1)
                .msg(6, snapshot).msg(59, defaults));
        BenchProto thread = new BenchProto().varint(1, pid).varint(2, tid).str(5, threadName);
        n += BenchProto.emit(out, packet.reset().varint(10, sequenceId).varint(13, 2)
                .msg(60, new BenchProto().varint(1, uuid()).msg(4, thread)));
        return n;
    }

    private long event(OutputStream out, long t, int type, int name) throws IOException {
        sinceClear++;
        packet.reset().varint(8, t - abs).varint(10, sequenceId).varint(13, 2);
        abs = t;
        body.reset().varint(9, type);
        if (name >= 0) {
            Integer iid = iids.get(name);
            if (iid == null) {
                iid = iids.size() + 1;
                iids.put(name, iid);
                inner.reset().msg(2, new BenchProto().varint(1, iid).str(2, NAMES[name]));
                packet.msg(12, inner);
            }
            body.varint(10, iid);
        }
        return BenchProto.emit(out, packet.msg(11, body));
    }
}
