package dev.ura.trace.perfetto;

import dev.ura.trace.model.system.TimelineFrame;
import dev.ura.trace.system.SystemTraceBuilder;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SurfaceFlinger's FrameTimeline packets: expected and actual display frames and surface frames
 * start in one packet and end in another (by cookie), so a frame is complete only once the whole
 * file was read ({@link #finish}).
 */
final class FrameTimelineDecoder {
    private final SystemTraceBuilder b;
    private final Map<Long, TimelineFrame> pending = new LinkedHashMap<>();
    private final Map<Long, Long> ends = new HashMap<>();
    /** "pid:token" → the first ExpectedSurfaceFrameStart's time. */
    private final Map<String, Long> expected = new HashMap<>();

    FrameTimelineDecoder(SystemTraceBuilder b) {
        this.b = b;
    }

    /** One FrameTimelineEvent at {@code ts}: a frame's start (expected or actual) or its end. */
    void event(Pb pb, long ts) {
        b.record();
        while (pb.more()) {
            int f = pb.field();
            if (pb.wire != 2 || f < 1 || f > 5) {
                pb.skip();
                continue;
            }
            int outer = pb.enter();
            long[] v = new long[12];
            String layer = null;
            while (pb.more()) {
                int g = pb.field();
                if (f == 4 && g == 5 && pb.wire == 2) {
                    layer = pb.string();
                } else if (pb.wire == 0 && g < v.length) {
                    v[g] = pb.varint();
                } else {
                    pb.skip();
                }
            }
            pb.exit(outer);
            long cookie = v[1];
            if (f == 5) {
                ends.put(cookie, ts);
            } else if (f == 3) {
                expected.putIfAbsent(v[4] + ":" + v[2], ts);
            } else if (f == 2) {
                pending.put(cookie, new TimelineFrame(true, v[2], v[2], (int) v[3], "", ts, -1,
                        (int) v[4], (int) v[7]));
            } else if (f == 4) {
                pending.put(cookie, new TimelineFrame(false, v[2], v[3], (int) v[4],
                        layer == null ? "" : layer, ts, -1, (int) v[6], (int) v[9]));
            }
        }
    }

    /** Hands every frame to the builder, with its end when one was read (else -1). */
    void finish() {
        for (Map.Entry<Long, TimelineFrame> e : pending.entrySet()) {
            TimelineFrame f = e.getValue();
            Long end = ends.get(e.getKey());
            long exp = f.display() ? -1 : expected.getOrDefault(f.pid() + ":" + f.token(), -1L);
            b.timeline(new TimelineFrame(f.display(), f.token(), f.displayToken(), f.pid(), f.layer(), f.startNs(),
                    end == null ? -1 : end, f.presentType(), f.jankType(), exp));
        }
    }
}
