package dev.ura.trace.android;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregates the repairs made on each thread into one warning line per kind, e.g.
 * {@code main: 4 exits without a matching entry; synthetic callers added} or, over several
 * threads, {@code 7 calls still open at the end on 3 threads (main 4, worker 2, …); closed at each
 * thread's last time}.
 */
final class RepairLog {
    /** A kind of repair: how to say one and many, and what was done. */
    enum Kind {
        UNMATCHED_EXIT("exit without a matching entry", "exits without a matching entry",
                "synthetic callers added (starting at the thread's first time)"),
        MISMATCHED_EXIT("call closed by the exit of an enclosing method", "calls closed by the exit of an enclosing method",
                "the exit did not match the innermost call"),
        ORPHAN_EXIT("exit of a method not on the stack", "exits of methods not on the stack", "dropped"),
        ACTION_3("record with the unused action 3", "records with the unused action 3", "treated as exits"),
        OPEN_AT_END("call still open at the end", "calls still open at the end", "closed at the thread's last time"),
        BACKWARDS("record earlier than the one before it", "records earlier than the one before them",
                "given the previous record's time"),
        CPU_BACKWARDS("thread-CPU time earlier than the one before it", "thread-CPU times earlier than the one before them",
                "given the previous thread-CPU time"),
        WRAP("32-bit microsecond clock wrap-around", "32-bit microsecond clock wrap-arounds", "times extended");

        private final String one;
        private final String many;
        private final String action;

        Kind(String one, String many, String action) {
            this.one = one;
            this.many = many;
            this.action = action;
        }
    }

    private final Map<Kind, Map<String, Long>> counts = new LinkedHashMap<>();

    /** Adds {@code n} repairs of a kind on a thread (nothing when {@code n} is 0). */
    void add(Kind kind, String thread, long n) {
        if (n > 0) {
            counts.computeIfAbsent(kind, k -> new LinkedHashMap<>()).merge(thread, n, Long::sum);
        }
    }

    /** One line per kind that occurred, in {@link Kind} order. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            Map<String, Long> byThread = counts.get(kind);
            if (byThread == null) {
                continue;
            }
            long total = byThread.values().stream().mapToLong(Long::longValue).sum();
            String what = total + " " + (total == 1 ? kind.one : kind.many);
            if (byThread.size() == 1) {
                lines.add(byThread.keySet().iterator().next() + ": " + what + "; " + kind.action);
                continue;
            }
            StringBuilder sb = new StringBuilder(what).append(" on ").append(byThread.size()).append(" threads (");
            int shown = 0;
            for (Map.Entry<String, Long> e : byThread.entrySet()) {
                if (shown == 5) {
                    sb.append(", …");
                    break;
                }
                sb.append(shown++ == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
            }
            lines.add(sb.append("); ").append(kind.action).toString());
        }
        return lines;
    }
}
