package dev.ura.trace.ftrace;

import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.WakeupTable;
import dev.ura.trace.system.PrevState;
import dev.ura.trace.system.SystemTraceBuilder;

import static dev.ura.trace.ftrace.ArgBytes.ABSENT;
import static dev.ura.trace.ftrace.ArgBytes.number;

/**
 * The events that make most of a system trace's lines (scheduler switches and wakes, atrace
 * {@code B}/{@code E}), read from the line's bytes: keys found as {@link FtraceEvents} finds
 * them in text (first occurrence, up to the next stop), comms and states interned, slice names
 * looked up by their bytes. The results equal the text path's, event for event.
 */
final class HotEvents {
    private static final ArgIndex.Key PREV_COMM = ArgIndex.Key.of("prev_comm=");
    private static final ArgIndex.Key PREV_PID = ArgIndex.Key.of(" prev_pid=");
    private static final ArgIndex.Key PREV_PRIO = ArgIndex.Key.of(" prev_prio=");
    private static final ArgIndex.Key PREV_STATE = ArgIndex.Key.of(" prev_state=");
    private static final ArgIndex.Key ARROW = ArgIndex.Key.of(" ==> ");
    private static final ArgIndex.Key NEXT_COMM = ArgIndex.Key.of("next_comm=");
    private static final ArgIndex.Key NEXT_PID = ArgIndex.Key.of(" next_pid=");
    private static final ArgIndex.Key NEXT_PRIO = ArgIndex.Key.of(" next_prio=");
    private static final ArgIndex.Key COMM = ArgIndex.Key.of("comm=");
    private static final ArgIndex.Key PID = ArgIndex.Key.of(" pid=");
    private static final ArgIndex.Key PRIO = ArgIndex.Key.of(" prio=");
    private static final ArgIndex.Key TARGET_CPU = ArgIndex.Key.of("target_cpu=");

    private HotEvents() {
    }

    /** {@code sched_switch: prev_comm=… prev_pid=… prev_prio=… prev_state=… ==> next_comm=… next_pid=… next_prio=…}. */
    static boolean sched(SystemTraceBuilder b, FtraceLine l, ByteStrings strings, ArgIndex args) {
        byte[] buf = l.buf;
        int from = l.argsFrom;
        args.index(buf, from, l.argsTo);
        long prevComm = args.between(from, PREV_COMM, PREV_PID);
        long prevPid = number(buf, args.between(from, PREV_PID, PREV_PRIO));
        long prevState = args.between(from, PREV_STATE, ARROW);
        long nextComm = args.between(from, NEXT_COMM, NEXT_PID);
        long nextPid = number(buf, args.between(from, NEXT_PID, NEXT_PRIO));
        if (prevPid < 0 || nextPid < 0 || prevState == ABSENT) {
            return false;
        }
        b.sched(l.cpu, l.tsNs, prevPid, strings.of(buf, prevComm), state(buf, prevState, strings), nextPid,
                strings.of(buf, nextComm));
        return true;
    }

    /** {@code PrevState.parse} of the trimmed letters (interned, so a state is decoded once per spelling). */
    private static ThreadState state(byte[] buf, long range, ByteStrings strings) {
        int from = ArgBytes.from(range);
        int to = ArgBytes.to(range);
        while (from < to && (buf[from] & 0xFF) <= ' ') {
            from++;
        }
        while (to > from && (buf[to - 1] & 0xFF) <= ' ') {
            to--;
        }
        return PrevState.parse(strings.of(buf, from, to));
    }

    /** {@code sched_waking} / {@code sched_wakeup} / {@code sched_wakeup_new: comm=… pid=… prio=… [target_cpu=…]}. */
    static boolean wake(SystemTraceBuilder b, FtraceLine l, ByteStrings strings, ArgIndex args) {
        byte[] buf = l.buf;
        int from = l.argsFrom;
        args.index(buf, from, l.argsTo);
        long comm = args.between(from, COMM, PID);
        long pid = number(buf, args.between(from, PID, PRIO));
        long targetKey = args.after(from, TARGET_CPU);
        int target = targetKey == ABSENT ? -1 : (int) number(buf, targetKey);
        if (pid < 0) {
            return false;
        }
        boolean wakeupNew = l.eventIs("sched_wakeup_new");
        int flags = (l.interruptContext() ? WakeupTable.FLAG_INTERRUPT : 0) | (wakeupNew ? WakeupTable.FLAG_NEW_TASK : 0);
        if (l.eventIs("sched_wakeup")) {
            // The second half of a wake when sched_waking was recorded too (dropped then).
            b.wakeup(l.cpu, l.tsNs, l.tid, pid, strings.of(buf, comm), target, flags);
        } else {
            b.waking(l.cpu, l.tsNs, l.tid, pid, strings.of(buf, comm), target, flags);
        }
        return true;
    }

    /**
     * {@code tracing_mark_write} / {@code print}: an atrace payload. {@code B|tgid|name} and
     * {@code E[|tgid…]} go straight to the builder's byte entry points, {@code C|tgid|name|integer}
     * with its name interned; anything else (other counters, async slices, payloads with trailing CR/LF/NUL inside a name, interrupt lanes) goes through
     * the payload's text, the general path.
     */
    static void print(SystemTraceBuilder b, FtraceLine l, ByteStrings strings) {
        byte[] buf = l.buf;
        int from = l.argsFrom;
        int to = l.argsTo;
        if (ArgBytes.startsWith(buf, from, to, "trace_event_clock_sync")) {
            b.record(); // aligns agents' clocks; catapult's closing one is at time 0, not an event
            return;
        }
        if (l.tid == 0) {
            b.irqPrint(l.cpu, l.tsNs, l.args()); // an interrupt on an idle CPU: its own lane
            return;
        }
        if (l.hardInterrupt()) {
            // The same display-driver interrupt slices (pp_done_irq, rd_ptr_irq …) arriving while a
            // task runs: the kernel books them on that task (and its tgid), but the task did not run them.
            b.irqPrintOnTask(l.cpu, l.tsNs, l.args());
            return;
        }
        if (!beginOrEnd(b, l, buf, from, to) && !counter(b, l, buf, from, to, strings)) {
            b.print(l.tsNs, l.tid, l.args());
        }
    }

    /** The B/E fast path; false, having done nothing, when the payload needs the general path. */
    private static boolean beginOrEnd(SystemTraceBuilder b, FtraceLine l, byte[] buf, int from, int to) {
        int end = to; // AtracePayload strips trailing LF, NUL and CR first
        while (end > from && (buf[end - 1] == '\n' || buf[end - 1] == 0 || buf[end - 1] == '\r')) {
            end--;
        }
        if (end == from) {
            return false;
        }
        byte op = buf[from];
        if (op != 'B' && op != 'E') {
            return false;
        }
        if (end - from == 1) {
            if (op == 'E') {
                b.printEnd(l.tsNs, l.tid, -1);
                return true;
            }
            return false;
        }
        if (buf[from + 1] != '|') {
            return false;
        }
        int bar2 = from + 2;
        while (bar2 < end && buf[bar2] != '|') {
            bar2++;
        }
        long tgid = ArgBytes.parseLong(buf, from + 2, bar2);
        if (op == 'E') {
            b.printEnd(l.tsNs, l.tid, tgid == Long.MIN_VALUE ? -1 : tgid);
            return true;
        }
        if (tgid == Long.MIN_VALUE) {
            return false;
        }
        int name = bar2 < end ? bar2 + 1 : end;
        return b.printBegin(l.tsNs, l.tid, tgid, buf, name, end - name);
    }

    /**
     * {@code C|tgid|name|value} whose value is a plain integer (what atrace's {@code ATRACE_INT}
     * writes): the counter without a String or a {@code parseDouble} per line. False, having done
     * nothing, for every other form (fractions, Chromium's {@code |category} suffix, bad numbers),
     * which the general path reads.
     */
    private static boolean counter(SystemTraceBuilder b, FtraceLine l, byte[] buf, int from, int to,
                                   ByteStrings strings) {
        int end = to;
        while (end > from && (buf[end - 1] == '\n' || buf[end - 1] == 0 || buf[end - 1] == '\r')) {
            end--;
        }
        if (end - from < 2 || buf[from] != 'C' || buf[from + 1] != '|') {
            return false;
        }
        int bar2 = from + 2;
        while (bar2 < end && buf[bar2] != '|') {
            bar2++;
        }
        int last = end - 1;
        while (last > bar2 && buf[last] != '|') {
            last--;
        }
        if (bar2 >= end || last == bar2 || end - (last + 1) > 15) {
            return false; // no name|value, or a value too long to be exact as a double here
        }
        for (int k = bar2 + 1; k < last; k++) {
            if (buf[k] == '|') {
                return false; // more bars: maybe a category after the value
            }
        }
        long tgid = ArgBytes.parseLong(buf, from + 2, bar2);
        long value = ArgBytes.parseLong(buf, last + 1, end);
        if (tgid == Long.MIN_VALUE || value == Long.MIN_VALUE || (value == 0 && buf[last + 1] == '-')) {
            return false; // "-0" is -0.0 to parseDouble: left to it
        }
        b.record();
        b.counter(l.tsNs, tgid, strings.of(buf, bar2 + 1, last), value);
        return true;
    }
}
