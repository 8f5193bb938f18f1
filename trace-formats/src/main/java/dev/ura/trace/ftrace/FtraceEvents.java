package dev.ura.trace.ftrace;

import dev.ura.trace.model.system.WakeupTable;
import dev.ura.trace.system.PrevState;
import dev.ura.trace.system.SystemTraceBuilder;

/**
 * The kernel events of ftrace text ({@code TP_printk} formats) applied to a builder. Arguments
 * are found by their {@code key=}, never by splitting on spaces: comms contain spaces.
 */
final class FtraceEvents {
    private FtraceEvents() {
    }

    /** Applies one parsed line; false when its arguments do not parse. */
    static boolean apply(SystemTraceBuilder b, FtraceLine l) {
        if (l.tid > 0) {
            b.weakThreadName(l.tid, l.tsNs, l.comm.equals("<...>") ? null : l.comm);
            if (l.tgid > 0) {
                b.tgid(l.tid, l.tgid);
            }
        }
        String a = l.args;
        if (!l.event.equals("sched_switch") && !l.interruptContext()) {
            b.current(l.cpu, l.tsNs, l.tid);
        }
        switch (l.event) {
            case "sched_switch" -> {
                String prevComm = between(a, "prev_comm=", " prev_pid=");
                long prevPid = number(between(a, " prev_pid=", " prev_prio="));
                String prevState = between(a, " prev_state=", " ==> ");
                String nextComm = between(a, "next_comm=", " next_pid=");
                long nextPid = number(between(a, " next_pid=", " next_prio="));
                if (prevPid < 0 || nextPid < 0 || prevState == null) {
                    return false;
                }
                b.sched(l.cpu, l.tsNs, prevPid, prevComm, PrevState.parse(prevState.trim()), nextPid, nextComm);
            }
            case "sched_waking", "sched_wakeup", "sched_wakeup_new" -> {
                String comm = between(a, "comm=", " pid=");
                long pid = number(between(a, " pid=", " prio="));
                int target = a.contains("target_cpu=") ? (int) number(after(a, "target_cpu=")) : -1;
                if (pid < 0) {
                    return false;
                }
                int flags = (l.interruptContext() ? WakeupTable.FLAG_INTERRUPT : 0)
                        | (l.event.equals("sched_wakeup_new") ? WakeupTable.FLAG_NEW_TASK : 0);
                if (l.event.equals("sched_wakeup")) {
                    // The second half of a wake when sched_waking was recorded too (dropped then).
                    b.wakeup(l.cpu, l.tsNs, l.tid, pid, comm, target, flags);
                } else {
                    b.waking(l.cpu, l.tsNs, l.tid, pid, comm, target, flags);
                }
            }
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
            case "tracing_mark_write", "print", "0" -> {
                if (a.startsWith("trace_event_clock_sync")) {
                    b.record(); // aligns agents' clocks; catapult's closing one is at time 0, not an event
                } else if (l.tid == 0) {
                    b.irqPrint(l.cpu, l.tsNs, a); // an interrupt on an idle CPU: its own lane
                } else {
                    b.print(l.tsNs, l.tid, a);
                }
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
