package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.SegmentColumns;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.model.Category;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Cuts one thread's pieces of work into segments at every boundary inside them (sends, requests,
 * storage and network intervals, nested pieces) and lays them out in program order, with an
 * entry vertex (the response start, or a wait) before each piece. Where pieces nest, the
 * innermost one owns the time.
 */
final class ThreadSweep {
    private final int thread;
    private final EventTable events;
    private final SegmentColumns columns;
    private final CallLocator locator;
    private final CpuCoverage cpu;
    private final List<Piece> pieces;
    private final List<Integer> ios = new ArrayList<>();
    /** Tracked {@code WAIT} intervals: blocked until another thread released their object. */
    private final List<Integer> waits = new ArrayList<>();
    private final long[] splits;
    private final PieceVertices vertices;
    private final String triggerName;
    private int[] chain = new int[16];
    private int chainSize;

    /**
     * @param tracked  events of the tracked work on this thread (I/O, sends, requests)
     * @param vertices receives each piece's entry vertex and last work vertex
     */
    ThreadSweep(int thread, EventTable events, SegmentColumns columns, CallLocator locator, CpuCoverage cpu,
                List<Piece> pieces, List<Integer> tracked, PieceVertices vertices, String triggerName) {
        this.thread = thread;
        this.events = events;
        this.columns = columns;
        this.locator = locator;
        this.cpu = cpu;
        this.pieces = new ArrayList<>(pieces);
        this.pieces.sort(Comparator.comparingLong(Piece::start).thenComparing(Comparator.comparingLong(Piece::end).reversed()));
        this.vertices = vertices;
        this.triggerName = triggerName;
        long[] s = new long[tracked.size()];
        int n = 0;
        for (int e : tracked) {
            EventKind k = events.kind(e);
            if ((k.isStorage() || k.isNetwork()) && events.end(e) > events.start(e)) {
                ios.add(e);
            } else if (k == EventKind.WAIT && events.end(e) > events.start(e)) {
                waits.add(e);
            } else if (k == EventKind.SEND_MSG || k.isRequest()) {
                s[n++] = events.end(e);
            }
        }
        this.splits = Arrays.copyOf(s, n);
        this.ios.sort(Comparator.comparingLong(events::start));
    }

    /** Creates the segments; returns the thread's chain of vertex ids in program order. */
    int[] run() {
        long[] bounds = boundaries();
        int next = 0;
        int nextIo = 0;
        List<Piece> active = new ArrayList<>();
        List<Integer> activeIo = new ArrayList<>();
        for (int k = 0; k < bounds.length; k++) {
            long b = bounds[k];
            while (next < pieces.size() && pieces.get(next).start() == b) {
                Piece p = pieces.get(next++);
                if (p.isInstant()) {
                    enter(p);
                    work(p, b, b, Category.OTHER);
                } else {
                    active.add(p);
                }
            }
            if (k + 1 == bounds.length) {
                break;
            }
            long e = bounds[k + 1];
            while (nextIo < ios.size() && events.start(ios.get(nextIo)) <= b) {
                activeIo.add(ios.get(nextIo++));
            }
            active.removeIf(p -> p.end() <= b);
            activeIo.removeIf(io -> events.end(io) <= b);
            Piece owner = innermost(active, b, e);
            int wait = owner == null ? -1 : waitAround(owner, b, e);
            if (wait >= 0 && resumes(wait)) {
                // the resume's entry wait covers it: the thread waited for the releasing thread
                continue;
            }
            if (wait >= 0) {
                // released by nothing the response tracked: blocked time on this thread, not work
                enter(owner);
                append(columns.add(thread, b, e, Category.WAIT, SegmentKind.BLOCKED, -1, label(wait)));
                vertices.setLast(owner.event(), chain[chainSize - 1]);
            } else if (owner != null) {
                enter(owner);
                work(owner, b, e, owner.type() == Piece.Type.DRAW ? Category.DRAW : ioCategory(activeIo, b, e));
            }
        }
        return Arrays.copyOf(chain, chainSize);
    }

    private long[] boundaries() {
        long[] all = new long[pieces.size() * 2 + ios.size() * 2 + waits.size() * 2 + splits.length];
        int n = 0;
        for (Piece p : pieces) {
            all[n++] = p.start();
            all[n++] = p.end();
        }
        for (int e : ios) {
            all[n++] = events.start(e);
            all[n++] = events.end(e);
        }
        for (int e : waits) {
            all[n++] = events.start(e);
            all[n++] = events.end(e);
        }
        for (long t : splits) {
            all[n++] = t;
        }
        Arrays.sort(all, 0, n);
        int u = 0;
        for (int i = 0; i < n; i++) {
            if (u == 0 || all[i] != all[u - 1]) {
                all[u++] = all[i];
            }
        }
        return Arrays.copyOf(all, u);
    }

    /**
     * The tracked {@code WAIT} that {@code [b, e]} of {@code owner} lies in, or -1; only one the owner
     * itself waits in (a piece nested inside the wait, e.g. a task the waiter helps run, is work).
     */
    private int waitAround(Piece owner, long b, long e) {
        for (int w : waits) {
            if (events.start(w) <= b && events.end(w) >= e && owner.start() <= events.start(w)
                    && owner.end() >= events.end(w)) {
                return w;
            }
        }
        return -1;
    }

    /** Whether a tracked resume from {@code wait} (an instant dispatch of its object at its end) is a piece here. */
    private boolean resumes(int wait) {
        int id = events.identityId(wait);
        if (id < 0) {
            return false;
        }
        for (Piece p : pieces) {
            if (p.type() == Piece.Type.DISPATCH && p.isInstant() && p.start() == events.end(wait)
                    && events.identityId(p.event()) == id) {
                return true;
            }
        }
        return false;
    }

    private boolean isResume(Piece p) {
        return isResume(events, p);
    }

    /** Whether the piece is a thread resuming from a tracked wait (not a message its thread ran). */
    static boolean isResume(EventTable events, Piece p) {
        return p.isInstant() && "release".equals(events.via(p.event())) && events.name(p.event()) != null
                && events.identity(p.event()) != null;
    }

    private static Piece innermost(List<Piece> active, long b, long e) {
        Piece best = null;
        for (Piece p : active) {
            if (p.start() <= b && p.end() >= e && (best == null || p.start() > best.start()
                    || (p.start() == best.start() && p.end() < best.end()))) {
                best = p;
            }
        }
        return best;
    }

    private Category ioCategory(List<Integer> activeIo, long b, long e) {
        Category c = Category.CPU;
        long innermostStart = Long.MIN_VALUE;
        for (int io : activeIo) {
            if (events.start(io) <= b && events.end(io) >= e && events.start(io) >= innermostStart) {
                innermostStart = events.start(io);
                c = events.kind(io).isStorage() ? Category.STORAGE : Category.NETWORK;
            }
        }
        return c;
    }

    private void enter(Piece p) {
        if (vertices.entry(p.event()) >= 0) {
            return;
        }
        int v;
        if (p.type() == Piece.Type.TRIGGER) {
            v = columns.add(thread, p.start(), p.start(), Category.OTHER, SegmentKind.START, -1, triggerName);
        } else {
            boolean draw = p.type() == Piece.Type.DRAW;
            String what = draw ? "waiting for the frame that draws " + label(p.event())
                    : isResume(p) ? "waiting in " + events.name(p.event()) + " for " + events.identity(p.event())
                    : "waiting to run " + label(p.event());
            v = columns.add(thread, p.start(), p.start(), Category.WAIT,
                    draw ? SegmentKind.FRAME_WAIT : SegmentKind.QUEUE_WAIT, -1, what);
        }
        vertices.setEntry(p.event(), v);
        append(v);
    }

    /**
     * Adds the vertices of {@code [a, b]} of a piece: one per part that lies in one method (see
     * {@link CallLocator#split}), and with a dual clock each CPU part further cut where the thread
     * stalled ({@link CpuCoverage#runs}), so a wait sits where it happened.
     */
    private void work(Piece p, long a, long b, Category category) {
        if (locator == null || b <= a) {
            int call = locator == null ? -1 : locator.meaningful(a, b);
            append(columns.add(thread, a, b, category, SegmentKind.WORK, call, name(p, call)));
        } else {
            CallLocator.Parts parts = locator.split(a, b);
            for (int k = 0; k < parts.count(); k++) {
                int call = parts.call(k);
                String name = name(p, call);
                long s = parts.start(k);
                long e = parts.end(k);
                if (category == Category.CPU && parts.idle(k)) {
                    // parked, sleeping, polling: idle is not work, whatever the clock says
                    append(columns.add(thread, s, e, Category.WAIT, SegmentKind.BLOCKED, call, name));
                    continue;
                }
                if (category != Category.CPU || cpu == null) {
                    append(columns.add(thread, s, e, category, SegmentKind.WORK, call, name));
                    continue;
                }
                CpuCoverage.Runs runs = cpu.runs(s, e);
                for (int r = 0; r < runs.count(); r++) {
                    boolean stalled = runs.stalled(r);
                    append(columns.add(thread, runs.start(r), runs.end(r), stalled ? Category.WAIT : Category.CPU,
                            stalled ? SegmentKind.BLOCKED : SegmentKind.WORK, call, name));
                }
            }
        }
        vertices.setLast(p.event(), chain[chainSize - 1]);
    }

    private String name(Piece p, int call) {
        return call >= 0 ? locator.name(call) : label(p.event());
    }

    private String label(int event) {
        String n = events.name(event);
        String k = events.kindName(event);
        if (n == null) {
            String id = events.identity(event);
            return id == null ? k : k + " " + id;
        }
        return k + ":" + n;
    }

    private void append(int v) {
        if (chainSize == chain.length) {
            chain = Arrays.copyOf(chain, chainSize * 2);
        }
        chain[chainSize++] = v;
    }
}
