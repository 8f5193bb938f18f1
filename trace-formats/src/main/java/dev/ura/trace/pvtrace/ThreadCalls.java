package dev.ura.trace.pvtrace;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * The calls of one thread while a trace is read: a {@link CallTable.Builder} plus the stack of open
 * calls (growable, so there is no depth limit here beyond the model's own).
 */
final class ThreadCalls {
    final long tid;
    final CallTable.Builder calls;
    long records;
    long lastTime;
    private int[] openCall = new int[32];
    private int[] openFunction = new int[32];
    private int depth;
    private int maxDepth;

    ThreadCalls(long tid, long firstTime) {
        this.tid = tid;
        this.calls = new CallTable.Builder(firstTime, 1, false, 1024);
        this.lastTime = firstTime;
    }

    void enter(int function, long time) {
        if (depth == openCall.length) {
            openCall = Arrays.copyOf(openCall, depth * 2);
            openFunction = Arrays.copyOf(openFunction, depth * 2);
        }
        openCall[depth] = calls.open(function, depth, time, 0);
        openFunction[depth] = function;
        depth++;
        maxDepth = Math.max(maxDepth, depth);
    }

    /** The deepest nesting seen (1 for top-level calls only). */
    int maxDepth() {
        return maxDepth;
    }

    /**
     * Closes the innermost open call of {@code function} and any calls opened inside it.
     *
     * @return how many inner calls had to be closed without their own exit, or -1 when no call of
     *         {@code function} is open (the exit is ignored)
     */
    int exit(int function, long time) {
        int level = depth - 1;
        while (level >= 0 && openFunction[level] != function) {
            level--;
        }
        if (level < 0) {
            return -1;
        }
        int forced = depth - 1 - level;
        while (depth > level) {
            depth--;
            calls.close(openCall[depth], time, 0);
        }
        return forced;
    }

    /** Closes every open call at the thread's last time; returns how many were open. */
    int closeAll() {
        int open = depth;
        while (depth > 0) {
            depth--;
            calls.close(openCall[depth], lastTime, 0);
        }
        return open;
    }
}
