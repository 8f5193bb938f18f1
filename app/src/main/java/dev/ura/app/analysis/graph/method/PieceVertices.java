package dev.ura.app.analysis.graph.method;

import java.util.Arrays;

/**
 * Each piece's entry vertex (its wait, or the response start) and last work vertex, looked up by
 * the piece's event: a sorted array searched by bisection, so building a graph boxes nothing.
 * Vertices are -1 until set.
 */
final class PieceVertices {
    private final int[] events;
    private final int[] entry;
    private final int[] last;

    /** @param pieceEvents the events of the pieces, in any order, repeats allowed */
    PieceVertices(int[] pieceEvents) {
        int[] sorted = pieceEvents.clone();
        Arrays.sort(sorted);
        int u = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (u == 0 || sorted[i] != sorted[u - 1]) {
                sorted[u++] = sorted[i];
            }
        }
        this.events = Arrays.copyOf(sorted, u);
        this.entry = new int[u];
        this.last = new int[u];
        Arrays.fill(entry, -1);
        Arrays.fill(last, -1);
    }

    /** Number of distinct pieces (slots {@code 0..size()-1}, in event order). */
    int size() {
        return events.length;
    }

    /** The event of a slot. */
    int event(int slot) {
        return events[slot];
    }

    /** The entry vertex of a slot, or -1. */
    int entryAt(int slot) {
        return entry[slot];
    }

    /** The entry vertex of the piece of {@code event}, or -1. */
    int entry(int event) {
        int s = Arrays.binarySearch(events, event);
        return s < 0 ? -1 : entry[s];
    }

    /** The last work vertex of the piece of {@code event}, or -1. */
    int last(int event) {
        int s = Arrays.binarySearch(events, event);
        return s < 0 ? -1 : last[s];
    }

    void setEntry(int event, int vertex) {
        entry[slotOf(event)] = vertex;
    }

    void setLast(int event, int vertex) {
        last[slotOf(event)] = vertex;
    }

    private int slotOf(int event) {
        int s = Arrays.binarySearch(events, event);
        if (s < 0) {
            throw new IllegalArgumentException("not a piece: event " + event);
        }
        return s;
    }
}
