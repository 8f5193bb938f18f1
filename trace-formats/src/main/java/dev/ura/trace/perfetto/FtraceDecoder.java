package dev.ura.trace.perfetto;

import dev.ura.trace.model.system.WakeupTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes {@code FtraceEventBundle} (TracePacket #1): full events and the compact scheduler
 * arrays. Compact switches omit the task switched out and compact wakings omit the waker; both
 * are inferred later per CPU from the task last switched in (see the builder).
 */
final class FtraceDecoder {
    private FtraceSink b;
    private final long[][] compact = new long[13][];
    private final int[] compactSize = new int[13];
    private final List<String> intern = new ArrayList<>();
    private final StringInterner comms = new StringInterner();
    private int[] eventStart = new int[64];
    private int[] eventEnd = new int[64];
    /**
     * The pid last passed to {@link FtraceSink#current} in this bundle since its last full
     * switch: the builder ignores a repeat (the CPU's current task is already that thread), and most
     * events of a run are by one task, so the repeat is not even passed.
     */
    private long currentPid;

    FtraceDecoder(FtraceSink b) {
        this.b = b;
        for (int i = 0; i < compact.length; i++) {
            compact[i] = new long[64];
        }
    }

    /** Sends what is decoded from now on to {@code sink} (a decoding thread's next chunk). */
    void sink(FtraceSink sink) {
        b = sink;
    }

    void bundle(Pb pb) {
        int cpu = -1;
        int events = 0;
        int compactStart = -1;
        int compactEnd = -1;
        long clock = 0;
        long ftraceTs = Long.MIN_VALUE;
        long bootTs = Long.MIN_VALUE;
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 0) {
                cpu = (int) Math.min(Integer.MAX_VALUE, pb.varint());
            } else if (f == 2 && pb.wire == 2) {
                int n = pb.length();
                if (events == eventStart.length) {
                    eventStart = Arrays.copyOf(eventStart, events * 2);
                    eventEnd = Arrays.copyOf(eventEnd, events * 2);
                }
                eventStart[events] = pb.pos;
                eventEnd[events++] = pb.pos + n;
                pb.pos += n;
            } else if (f == 3 && pb.wire == 0) {
                if (pb.varint() != 0) {
                    b.count("ftrace bundles after which the kernel had overwritten events (lost_events): data is missing");
                }
            } else if (f == 4 && pb.wire == 2) {
                int n = pb.length();
                compactStart = pb.pos;
                compactEnd = pb.pos + n;
                pb.pos += n;
            } else if (f == 5 && pb.wire == 0) {
                clock = pb.varint();
            } else if (f == 6 && pb.wire == 0) {
                ftraceTs = pb.varint();
            } else if (f == 7 && pb.wire == 0) {
                bootTs = pb.varint();
            } else {
                pb.skip();
            }
        }
        if (cpu < 0) {
            b.count("ftrace bundles without a cpu (skipped)");
            return;
        }
        long offset = 0;
        if (clock != 0 && clock != 1) {
            if (ftraceTs != Long.MIN_VALUE && bootTs != Long.MIN_VALUE) {
                offset = bootTs - ftraceTs;
            } else {
                b.count("ftrace bundles on a non-boot clock without a boot timestamp (times used as they are)");
            }
        }
        int outerLimit = pb.limit;
        currentPid = Long.MIN_VALUE;
        for (int i = 0; i < events; i++) {
            pb.pos = eventStart[i];
            pb.limit = eventEnd[i];
            event(pb, cpu, offset);
        }
        if (compactStart >= 0) {
            pb.pos = compactStart;
            pb.limit = compactEnd;
            compactSched(pb, cpu, offset);
        }
        pb.pos = outerLimit;
        pb.limit = outerLimit;
    }

    private void event(Pb pb, int cpu, long offset) {
        long ts = -1;
        long pid = -1;
        int kind = 0;
        int start = 0;
        int end = 0;
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 0) {
                ts = pb.varint();
            } else if (f == 2 && pb.wire == 0) {
                pid = pb.varint();
            } else if (pb.wire == 2 && f >= 3) {
                int n = pb.length();
                kind = f;
                start = pb.pos;
                end = pb.pos + n;
                pb.pos += n;
            } else {
                pb.skip();
            }
        }
        if (ts < 0 || kind == 0) {
            b.count("ftrace events without a timestamp or payload (skipped)");
            return;
        }
        ts += offset;
        if (kind == 4) {
            currentPid = Long.MIN_VALUE; // the switch changes the CPU's current task
        } else if (pid != currentPid) {
            b.current(cpu, ts, pid);
            currentPid = pid;
        }
        pb.pos = start;
        pb.limit = end;
        switch (kind) {
            case 3 -> print(pb, cpu, ts, pid);
            case 4 -> schedSwitch(pb, cpu, ts);
            case 20, 114 -> waking(pb, cpu, ts, pid, kind == 114, false);
            case 17 -> waking(pb, cpu, ts, pid, false, true);
            case 18 -> blocked(pb, ts);
            case 235 -> newTask(pb, ts, pid);
            case 236 -> rename(pb, ts);
            case 50 -> binder(pb, ts, pid);
            case 51 -> binderReceived(pb, ts, pid);
            default -> b.record();
        }
    }

    /**
     * An atrace payload. One written while pid 0 (the idle task) was current is a driver tracing
     * from an interrupt that arrived on an idle CPU (e.g. a display driver's {@code pp_done_irq}):
     * it goes to that CPU's interrupt lane, as in text traces, instead of being lost with pid 0.
     */
    private void print(Pb pb, int cpu, long ts, long pid) {
        String buf = null;
        while (pb.more()) {
            int f = pb.field();
            if (f == 2 && pb.wire == 2) {
                int n = pb.length();
                if (pid == 0 || !fastPrint(pb.buf, pb.pos, n, ts, pid)) {
                    buf = pb.stringWithoutNewline(n);
                } else {
                    buf = null;
                    pb.pos += n;
                }
            } else {
                pb.skip();
            }
        }
        if (buf != null && pid == 0) {
            b.irqPrint(cpu, ts, buf);
        } else if (buf != null) {
            b.print(ts, pid, buf);
        }
    }

    /**
     * {@code B|tgid|name} and {@code E[|tgid[|…]]} straight from the bytes (most print events are
     * these); anything else, or anything odd, goes the general way through a String.
     */
    private boolean fastPrint(byte[] a, int from, int n, long ts, long pid) {
        int end = from + n;
        while (end > from && (a[end - 1] == '\n' || a[end - 1] == 0)) {
            end--;
        }
        if (end - from < 1 || (a[from] != 'B' && a[from] != 'E')) {
            return false;
        }
        if (end - from == 1) {
            if (a[from] != 'E') {
                return false;
            }
            b.printEnd(ts, pid, -1);
            return true;
        }
        if (a[from + 1] != '|') {
            return false;
        }
        long tgid = 0;
        int i = from + 2;
        int digits = 0;
        while (i < end && a[i] >= '0' && a[i] <= '9' && digits < 10) {
            tgid = tgid * 10 + (a[i] - '0');
            i++;
            digits++;
        }
        if (a[from] == 'E') {
            if (i < end && a[i] != '|') {
                return false;
            }
            b.printEnd(ts, pid, digits > 0 ? tgid : -1);
            return true;
        }
        if (digits == 0 || i >= end || a[i] != '|') {
            return false;
        }
        return b.printBegin(ts, pid, tgid, a, i + 1, end - i - 1);
    }

    private void schedSwitch(Pb pb, int cpu, long ts) {
        String prevComm = null;
        String nextComm = null;
        long prevPid = -1;
        long nextPid = -1;
        long prevState = 0;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> prevComm = pb.stringOrSkip();
                case 2 -> prevPid = (int) pb.varintOrSkip();
                case 4 -> prevState = pb.varintOrSkip();
                case 5 -> nextComm = pb.stringOrSkip();
                case 6 -> nextPid = (int) pb.varintOrSkip();
                default -> pb.skip();
            }
        }
        if (prevPid < 0 || nextPid < 0) {
            b.count("sched_switch events without prev_pid / next_pid (skipped)");
            return;
        }
        b.sched(cpu, ts, prevPid, prevComm, prevState, nextPid, nextComm);
    }

    /**
     * {@code sched_waking}, {@code sched_wakeup_new} or {@code sched_wakeup} (the same fields): a
     * capture that enabled only {@code sched_wakeup} (older kernels, older configs) has its wakeups
     * there; when it has both, the builder drops the {@code sched_wakeup} half of each wake.
     */
    private void waking(Pb pb, int cpu, long ts, long waker, boolean newTask, boolean wakeupEvent) {
        String comm = null;
        long pid = -1;
        int target = -1;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> comm = pb.stringOrSkip();
                case 2 -> pid = (int) pb.varintOrSkip();
                case 5 -> target = (int) pb.varintOrSkip();
                default -> pb.skip();
            }
        }
        if (pid <= 0) {
            b.count("sched_waking events without a pid (skipped)");
            return;
        }
        if (wakeupEvent) {
            b.wakeup(cpu, ts, waker < 0 ? -2 : waker, pid, comm, target, 0);
        } else {
            b.waking(cpu, ts, waker < 0 ? -2 : waker, pid, comm, target, newTask ? WakeupTable.FLAG_NEW_TASK : 0);
        }
    }

    private void blocked(Pb pb, long ts) {
        long pid = -1;
        long caller = 0;
        long io = 0;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> pid = (int) pb.varintOrSkip();
                case 2 -> caller = pb.varintOrSkip();
                case 3 -> io = pb.varintOrSkip();
                default -> pb.skip();
            }
        }
        b.blocked(ts, pid, "0x" + Long.toHexString(caller) + (io != 0 ? " (io_wait)" : ""));
    }

    private void newTask(Pb pb, long ts, long parent) {
        long pid = -1;
        String comm = null;
        long flags = 0;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> pid = (int) pb.varintOrSkip();
                case 2 -> comm = pb.stringOrSkip();
                case 3 -> flags = pb.varintOrSkip();
                default -> pb.skip();
            }
        }
        if (pid > 0) {
            b.newTask(ts, parent, pid, comm, flags);
        }
    }

    private void rename(Pb pb, long ts) {
        long pid = -1;
        String comm = null;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> pid = (int) pb.varintOrSkip();
                case 3 -> comm = pb.stringOrSkip();
                default -> pb.skip();
            }
        }
        if (pid > 0 && comm != null) {
            b.rename(ts, pid, comm);
        }
    }

    private void binder(Pb pb, long ts, long tid) {
        long id = -1;
        long toProc = -1;
        long reply = 0;
        long code = 0;
        long flags = 0;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> id = (int) pb.varintOrSkip();
                case 3 -> toProc = (int) pb.varintOrSkip();
                case 5 -> reply = (int) pb.varintOrSkip();
                case 6 -> code = pb.varintOrSkip() & 0xFFFF_FFFFL;
                case 7 -> flags = pb.varintOrSkip() & 0xFFFF_FFFFL;
                default -> pb.skip();
            }
        }
        b.binderTransaction(ts, tid, (int) id, toProc, reply == 1, flags, code);
    }

    private void binderReceived(Pb pb, long ts, long tid) {
        long id = -1;
        while (pb.more()) {
            int f = pb.field();
            if (f == 1) {
                id = (int) pb.varintOrSkip();
            } else {
                pb.skip();
            }
        }
        b.binderReceived(ts, tid, (int) id);
    }

    private void compactSched(Pb pb, int cpu, long offset) {
        Arrays.fill(compactSize, 0);
        intern.clear();
        while (pb.more()) {
            int f = pb.field();
            if (f == 5 && pb.wire == 2) {
                int n = pb.length();
                intern.add(comms.intern(pb.buf, pb.pos, n));
                pb.pos += n;
            } else if (f >= 1 && f <= 12 && f != 5) {
                packed(pb, f);
            } else {
                pb.skip();
            }
        }
        int switches = compactSize[1];
        if (compactSize[2] < switches || compactSize[3] < switches || compactSize[6] < switches) {
            b.count("compact sched bundles with switch arrays of different lengths (truncated to the shortest)");
            switches = Math.min(switches, Math.min(compactSize[2], Math.min(compactSize[3], compactSize[6])));
        }
        long t = 0;
        for (int i = 0; i < switches; i++) {
            t += compact[1][i];
            long next = (int) compact[3][i];
            b.sched(cpu, t + offset, -2, null, compact[2][i], next, comm(compact[6][i]));
        }
        int wakings = compactSize[7];
        if (compactSize[8] < wakings || compactSize[11] < wakings) {
            b.count("compact sched bundles with waking arrays of different lengths (truncated to the shortest)");
            wakings = Math.min(wakings, Math.min(compactSize[8], compactSize[11]));
        }
        t = 0;
        for (int i = 0; i < wakings; i++) {
            t += compact[7][i];
            int target = i < compactSize[9] ? (int) compact[9][i] : -1;
            long flags = i < compactSize[12] ? compact[12][i] : 0;
            b.waking(cpu, t + offset, -2, (int) compact[8][i], comm(compact[11][i]), target,
                    (flags & 0x18) != 0 ? WakeupTable.FLAG_INTERRUPT : 0);
        }
    }

    private String comm(long index) {
        if (index >= 0 && index < intern.size()) {
            return intern.get((int) index);
        }
        b.count("compact sched comm indices outside the bundle's intern table (name left unknown)");
        return null;
    }

    /** One compact array field: a packed run of varints (the usual form) or a single value. */
    private void packed(Pb pb, int field) {
        if (pb.wire != 2) {
            if (pb.wire == 0) {
                addCompact(field, pb.varint());
            } else {
                pb.skip();
            }
            return;
        }
        int n = pb.length();
        int end = pb.pos + n;
        long[] a = compact[field];
        int size = compactSize[field];
        byte[] buf = pb.buf;
        int pos = pb.pos;
        while (pos < end) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
                compact[field] = a;
            }
            byte b0 = buf[pos];
            if (b0 >= 0) {
                a[size++] = b0;
                pos++;
                continue;
            }
            pb.pos = pos;
            int outer = pb.limit;
            pb.limit = end;
            a[size++] = pb.varint();
            pb.limit = outer;
            pos = pb.pos;
        }
        pb.pos = end;
        compactSize[field] = size;
    }

    private void addCompact(int field, long v) {
        long[] a = compact[field];
        int n = compactSize[field];
        if (n == a.length) {
            a = Arrays.copyOf(a, n * 2);
            compact[field] = a;
        }
        a[n] = v;
        compactSize[field] = n + 1;
    }
}
