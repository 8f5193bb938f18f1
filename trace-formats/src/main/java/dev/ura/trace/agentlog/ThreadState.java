package dev.ura.trace.agentlog;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * What the assembler knows about one thread while the log is read: its call table under
 * construction and the stack of intervals still open (innermost last).
 */
final class ThreadState {
    final int index;
    final long tid;
    long lastTs = Long.MIN_VALUE;
    long records;
    private CallTable.Builder calls;

    private int depth;
    private int[] openCall = new int[8];
    private int[] openEvent = new int[8];
    private int[] openKind = new int[8];
    private int[] openLine = new int[8];

    ThreadState(int index, long tid) {
        this.index = index;
        this.tid = tid;
    }

    /** The call table, created at the thread's first event so its times pack relative to it. */
    CallTable.Builder calls(long firstTs) {
        if (calls == null) {
            calls = new CallTable.Builder(firstTs, 1, false, 16);
        }
        return calls;
    }

    CallTable build() {
        return calls == null ? CallTable.empty() : calls.build();
    }

    int depth() {
        return depth;
    }

    /** The innermost open call, or -1. */
    int innermostCall() {
        return depth == 0 ? -1 : openCall[depth - 1];
    }

    void push(int call, int event, int kind, int line) {
        if (depth == openCall.length) {
            int n = depth * 2;
            openCall = Arrays.copyOf(openCall, n);
            openEvent = Arrays.copyOf(openEvent, n);
            openKind = Arrays.copyOf(openKind, n);
            openLine = Arrays.copyOf(openLine, n);
        }
        openCall[depth] = call;
        openEvent[depth] = event;
        openKind[depth] = kind;
        openLine[depth] = line;
        depth++;
    }

    /** The stack position of the innermost open interval of {@code kind}, or -1. */
    int findOpen(int kind) {
        for (int i = depth - 1; i >= 0; i--) {
            if (openKind[i] == kind) {
                return i;
            }
        }
        return -1;
    }

    /** Removes the innermost open interval; read its parts with the {@code top*} methods first. */
    void pop() {
        depth--;
    }

    int topCall() {
        return openCall[depth - 1];
    }

    int topEvent() {
        return openEvent[depth - 1];
    }

    int topKind() {
        return openKind[depth - 1];
    }

    int topLine() {
        return openLine[depth - 1];
    }
}
