package dev.ura.app.analysis.graph.method;

/**
 * A unit of work the graph is built from: the trigger, a tracked dispatch or a fulfilling draw.
 *
 * @param event  index into the analysis event table
 * @param thread thread index
 * @param start  start, ns
 * @param end    end, ns
 * @param type   what it is
 */
record Piece(int event, int thread, long start, long end, Type type) {
    enum Type { TRIGGER, DISPATCH, DRAW }

    boolean isInstant() {
        return end == start;
    }
}
