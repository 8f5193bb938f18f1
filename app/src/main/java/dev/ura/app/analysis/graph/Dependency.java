package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.LinkKind;
import org.jgrapht.graph.DefaultEdge;

/**
 * An edge of a {@link ResponseGraph}: the target cannot start before the source has finished.
 * Edges compare by identity (two dependencies between the same segments are never created).
 */
public final class Dependency extends DefaultEdge {
    private static final long serialVersionUID = 1L;

    private final LinkKind kind;
    /** Set while the edge only orders the recorded critical path (see {@link #pathOnly()}). */
    private boolean pathOnly;

    /** @param kind how the dependency was made (program order, a hand-off link, a request) */
    public Dependency(LinkKind kind) {
        this.kind = kind;
    }

    /** An edge that only makes the recorded critical path take it ({@link #pathOnly()}). */
    static Dependency pathOnly(LinkKind kind) {
        Dependency d = new Dependency(kind);
        d.pathOnly = true;
        return d;
    }

    /** The edge turned out to be a real dependency as well. */
    void markReal() {
        pathOnly = false;
    }

    /** How the dependency was made. */
    public LinkKind kind() {
        return kind;
    }

    /**
     * Whether the edge is no dependency but only how the recorded critical path goes on: on a
     * system trace, from a thread that fell asleep to the waker's work over its sleep (docs §4),
     * work the waker did on its own. The baseline keeps it (the recorded path is the walk); what-if
     * views leave it out, so finishing the sleeper's work sooner does not move the waker's.
     */
    public boolean pathOnly() {
        return pathOnly;
    }

    @Override
    public String toString() {
        return kind.label();
    }
}
