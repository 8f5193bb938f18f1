package dev.ura.trace.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.TimelineFrame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins each process's {@code Choreographer#doFrame <vsync>} with the RenderThread's
 * {@code DrawFrames <vsync>} (or, without ids, the first {@code DrawFrame} before the next doFrame)
 * and with FrameTimeline: the app's surface frame for that vsync names the display frame that
 * showed it, whose end is the present-fence time.
 */
public final class FrameJoiner {
    private FrameJoiner() {
    }

    private record Slice(long pid, int thread, long start, long end, long id) {
    }

    /** The vsync id in a doFrame / DrawFrame slice name, -1 when it has none. */
    public static long vsyncId(String name, String prefix) {
        int i = prefix.length();
        while (i < name.length() && name.charAt(i) == ' ') {
            i++;
        }
        int from = i;
        while (i < name.length() && Character.isDigit(name.charAt(i)) && i - from < 18) {
            i++;
        }
        return i == from ? -1 : Long.parseLong(name.substring(from, i));
    }

    /** Whether a slice name is a Choreographer frame. */
    public static boolean isDoFrame(String name) {
        return name.startsWith("Choreographer#doFrame");
    }

    /** Whether a slice name is a RenderThread frame ({@code DrawFrame}, {@code DrawFrames <id>}). */
    public static boolean isDrawFrame(String name) {
        return name.startsWith("DrawFrame");
    }

    /**
     * @param calls    each thread's calls
     * @param tgids    each thread's process, -1 when unknown
     * @param methods  slice names
     * @param timeline FrameTimeline entries
     */
    static List<Frame> join(List<CallTable> calls, long[] tgids, MethodTable methods, List<TimelineFrame> timeline) {
        Map<Long, List<Slice>> doFrames = new HashMap<>();
        Map<Long, List<Slice>> draws = new HashMap<>();
        // Classify each distinct name once, not each of the millions of calls.
        byte[] kind = SliceKinds.of(methods);
        long[] ids = new long[kind.length];
        for (int m = 0; m < kind.length; m++) {
            String name = methods.get(m).name();
            if (kind[m] == SliceKinds.DO_FRAME) {
                ids[m] = name.startsWith("Choreographer#doFrame - ") ? -1 : vsyncId(name, "Choreographer#doFrame");
            } else if (kind[m] == SliceKinds.DRAW_FRAME) {
                ids[m] = vsyncId(name, name.startsWith("DrawFrames") ? "DrawFrames" : "DrawFrame");
            }
        }
        for (int t = 0; t < calls.size(); t++) {
            CallTable c = calls.get(t);
            for (int i = 0; i < c.size(); i++) {
                int m = c.method(i);
                if (kind[m] == SliceKinds.DO_FRAME) {
                    doFrames.computeIfAbsent(tgids[t], k -> new ArrayList<>())
                            .add(new Slice(tgids[t], t, c.start(i), c.end(i), ids[m]));
                } else if (kind[m] == SliceKinds.DRAW_FRAME) {
                    draws.computeIfAbsent(tgids[t], k -> new ArrayList<>())
                            .add(new Slice(tgids[t], t, c.start(i), c.end(i), ids[m]));
                }
            }
        }
        Presentation present = new Presentation(timeline);
        List<Frame> out = new ArrayList<>();
        for (Map.Entry<Long, List<Slice>> e : doFrames.entrySet()) {
            List<Slice> ds = draws.getOrDefault(e.getKey(), new ArrayList<>());
            ds.sort(Comparator.comparingLong(Slice::start));
            List<Slice> fs = e.getValue();
            fs.sort(Comparator.comparingLong(Slice::start));
            Matcher m = new Matcher(ds);
            for (int k = 0; k < fs.size(); k++) {
                Slice f = fs.get(k);
                long next = k + 1 < fs.size() ? fs.get(k + 1).start : Long.MAX_VALUE;
                int d = m.match(f, next);
                Slice draw = d >= 0 ? ds.get(d) : null;
                out.add(present.frame(f.id, f.pid, f.thread, f.start, f.end, draw));
            }
            draws.put(e.getKey(), m.unused());
        }
        for (List<Slice> rest : draws.values()) {
            for (Slice d : rest) {
                out.add(present.frame(d.id, d.pid, -1, -1, -1, d));
            }
        }
        out.sort(Comparator.comparingLong(f -> f.doFrameStartNs() >= 0 ? f.doFrameStartNs() : f.drawStartNs()));
        return out;
    }

    /**
     * Draws of one process, matched to doFrames (in start order) without quadratic scans: by
     * vsync id through a map, else the first id-less draw starting within the doFrame's window.
     */
    private static final class Matcher {
        private final List<Slice> ds;
        private final boolean[] used;
        private final Map<Long, java.util.ArrayDeque<Integer>> byId = new HashMap<>();
        private final int[] idless;
        private int nextIdless;

        Matcher(List<Slice> ds) {
            this.ds = ds;
            this.used = new boolean[ds.size()];
            int n = 0;
            int[] tmp = new int[ds.size()];
            for (int i = 0; i < ds.size(); i++) {
                if (ds.get(i).id >= 0) {
                    byId.computeIfAbsent(ds.get(i).id, k -> new java.util.ArrayDeque<>()).add(i);
                } else {
                    tmp[n++] = i;
                }
            }
            idless = java.util.Arrays.copyOf(tmp, n);
        }

        int match(Slice f, long nextStart) {
            java.util.ArrayDeque<Integer> q = f.id >= 0 ? byId.get(f.id) : null;
            if (q != null && !q.isEmpty()) {
                int i = q.poll();
                used[i] = true;
                return i;
            }
            while (nextIdless < idless.length && ds.get(idless[nextIdless]).start < f.start) {
                nextIdless++;
            }
            if (nextIdless < idless.length && ds.get(idless[nextIdless]).start < nextStart) {
                int i = idless[nextIdless++];
                used[i] = true;
                return i;
            }
            return -1;
        }

        List<Slice> unused() {
            List<Slice> out = new ArrayList<>();
            for (int i = 0; i < ds.size(); i++) {
                if (!used[i]) {
                    out.add(ds.get(i));
                }
            }
            return out;
        }
    }

    /** FrameTimeline lookups: (pid, token) → surface frame → display frame's present time. */
    private static final class Presentation {
        private final Map<String, List<TimelineFrame>> surface = new HashMap<>();
        private final Map<Long, TimelineFrame> display = new HashMap<>();

        Presentation(List<TimelineFrame> timeline) {
            for (TimelineFrame f : timeline) {
                if (f.display()) {
                    display.putIfAbsent(f.token(), f);
                } else {
                    surface.computeIfAbsent(f.pid() + ":" + f.token(), k -> new ArrayList<>()).add(f);
                }
            }
        }

        Frame frame(long id, long pid, int main, long start, long end, Slice draw) {
            long presentNs = -1;
            int type = 0;
            int jank = 0;
            List<TimelineFrame> sf = id < 0 ? null : surface.get(pid + ":" + id);
            if (sf != null) {
                TimelineFrame chosen = sf.stream().filter(x -> x.presentType() != 4).findFirst().orElse(sf.get(0));
                type = chosen.presentType();
                jank = chosen.jankType();
                TimelineFrame d = display.get(chosen.displayToken());
                if (chosen.presentType() != 4 && d != null && d.endNs() >= 0) {
                    presentNs = d.endNs();
                }
            }
            return new Frame(id, pid, main, start, end, draw == null ? -1 : draw.thread,
                    draw == null ? -1 : draw.start, draw == null ? -1 : draw.end, presentNs, type, jank);
        }
    }
}
