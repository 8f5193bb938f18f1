package dev.ura.trace.ftrace;

import dev.ura.trace.system.SystemTraceBuilder;

/**
 * The kernel events of ftrace text ({@code TP_printk} formats) applied to a builder. Arguments
 * are found by their {@code key=}, never by splitting on spaces: comms contain spaces.
 */
final class FtraceEvents {
    private FtraceEvents() {
    }

    /**
     * Applies one parsed line; false when its arguments do not parse. The frequent events (scheduler
     * switches and wakes, atrace begin/end) are read from the line's bytes with comms interned in
     * {@code strings} and keys found with {@code args}; the rest go through their text.
     */
    static boolean apply(SystemTraceBuilder b, FtraceLine l, ByteStrings strings, ArgIndex args) {
        if (l.tid > 0) {
            b.weakThreadName(l.tid, l.tsNs, l.commIs("<...>") ? null : strings.of(l.buf, l.commFrom, l.commTo));
            if (l.tgid > 0) {
                b.tgid(l.tid, l.tgid);
            }
        }
        boolean sw = l.eventIs("sched_switch");
        if (!sw && !l.interruptContext()) {
            b.current(l.cpu, l.tsNs, l.tid);
        }
        if (sw) {
            return HotEvents.sched(b, l, strings, args);
        }
        if (l.eventIs("sched_waking") || l.eventIs("sched_wakeup") || l.eventIs("sched_wakeup_new")) {
            return HotEvents.wake(b, l, strings, args);
        }
        if (l.eventIs("tracing_mark_write") || l.eventIs("print") || l.eventIs("0")) {
            HotEvents.print(b, l, strings);
            return true;
        }
        if (!(l.eventIs("task_newtask") || l.eventIs("task_rename") || l.eventIs("binder_transaction")
                || l.eventIs("binder_transaction_received") || l.eventIs("sched_blocked_reason"))) {
            b.record(); // an event ura has no use for: no text made
            return true;
        }
        String a = l.args();
        switch (l.event()) {
            case "task_newtask" -> {
                long pid = number(between(a, "pid=", " comm="));
                String comm = between(a, " comm=", " clone_flags=");
                long flags = hex(between(a, " clone_flags=", " oom_score_adj="));
                if (pid < 0 || flags < 0) {
                    return false;
                }
                b.newTask(l.tsNs, l.tid, pid, comm, flags);
            }
            case "task_rename" -> {
                long pid = number(between(a, "pid=", " oldcomm="));
                String name = between(a, " newcomm=", " oom_score_adj=");
                if (pid < 0 || name == null) {
                    return false;
                }
                b.rename(l.tsNs, pid, name);
            }
            case "binder_transaction" -> {
                long id = number(between(a, "transaction=", " dest_node="));
                long proc = number(between(a, " dest_proc=", " dest_thread="));
                long reply = number(between(a, " reply=", " flags="));
                long flags = hex(between(a, " flags=0x", " code="));
                long code = hex(after(a, " code=0x"));
                if (id < 0 || reply < 0) {
                    return false;
                }
                b.binderTransaction(l.tsNs, l.tid, (int) id, proc, reply == 1, Math.max(0, flags), Math.max(0, code));
            }
            case "binder_transaction_received" -> {
                long id = number(after(a, "transaction="));
                if (id < 0) {
                    return false;
                }
                b.binderReceived(l.tsNs, l.tid, (int) id);
            }
            case "sched_blocked_reason" -> {
                long pid = number(between(a, "pid=", " iowait="));
                String caller = after(a, " caller=");
                if (pid < 0) {
                    return false;
                }
                b.blocked(l.tsNs, pid, caller);
            }
            default -> b.record();
        }
        return true;
    }

    /** The text between {@code key} and the next {@code stop} after it, or null. */
    static String between(String s, String key, String stop) {
        int k = s.indexOf(key);
        if (k < 0) {
            return null;
        }
        int from = k + key.length();
        int to = s.indexOf(stop, from);
        return to < 0 ? null : s.substring(from, to);
    }

    /** The first token after {@code key}, or null. */
    static String after(String s, String key) {
        int k = s.indexOf(key);
        if (k < 0) {
            return null;
        }
        int from = k + key.length();
        int to = s.indexOf(' ', from);
        return s.substring(from, to < 0 ? s.length() : to);
    }

    static long number(String s) {
        if (s == null) {
            return -1;
        }
        String t = s.trim();
        boolean neg = t.startsWith("-");
        long v = FtraceLine.digits(t, neg ? 1 : 0, t.length());
        return v < 0 ? -1 : neg ? -v : v;
    }

    static long hex(String s) {
        if (s == null) {
            return -1;
        }
        String t = s.trim();
        if (t.startsWith("0x")) {
            t = t.substring(2);
        }
        if (t.isEmpty() || t.length() > 16) {
            return -1;
        }
        try {
            return Long.parseUnsignedLong(t, 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
