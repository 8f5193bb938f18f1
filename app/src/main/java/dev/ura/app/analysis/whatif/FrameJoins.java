package dev.ura.app.analysis.whatif;

import java.util.Arrays;

/**
 * Frames drawn together during {@link QueueOrder}'s replay (docs/what-if.md, "Frames"):
 * Choreographer draws every update requested before a frame's traversal runs in that frame, so a
 * frame requested while another frame of its queue still waits for its vsync joins it (drawn
 * after it, taking no time of its own) instead of waiting for a vsync of its own. Per group (a
 * queue task and what nothing posts after it): whether it joined an earlier frame, and, per frame
 * others joined, the chain of those that joined it, in the order they did.
 */
final class FrameJoins {
    /** Whether frames join a pending frame at all: a vsync rhythm (Choreographer) and frames free to move. */
    private final boolean enabled;
    /** Per group: whether it is a frame (a draw task). */
    private final boolean[] draw;
    /** Per group: the next frame that joined the same frame after it, or -1. */
    private final int[] next;
    /** Per frame that others joined: the last of them (itself while none has). */
    private final int[] tail;
    /** Per group: whether it joined an earlier frame. */
    private final boolean[] joined;

    FrameJoins(boolean enabled, boolean[] draw) {
        this.enabled = enabled;
        this.draw = draw;
        int groups = draw.length;
        next = new int[groups];
        Arrays.fill(next, -1);
        tail = new int[groups];
        Arrays.setAll(tail, g -> g);
        joined = new boolean[groups];
    }

    /**
     * Whether frame group {@code g}, becoming ready now, joins a frame of its queue that still
     * waits ({@code pending}: the groups waiting to run there); if so it is recorded as drawn by
     * that frame, after the frames that joined it before.
     */
    boolean joinsPending(int g, Iterable<Integer> pending) {
        if (!enabled || !draw[g]) {
            return false;
        }
        for (int h : pending) {
            if (draw[h] && !joined[h]) {
                joined[g] = true;
                next[tail[h]] = g;
                tail[h] = g;
                return true;
            }
        }
        return false;
    }

    /** Whether group {@code g} joined an earlier frame (it is drawn by that frame). */
    boolean joined(int g) {
        return joined[g];
    }

    /** The next frame drawn by the same frame right after group {@code g}, or -1. */
    int next(int g) {
        return next[g];
    }

    /** Number of groups. */
    int size() {
        return joined.length;
    }
}
