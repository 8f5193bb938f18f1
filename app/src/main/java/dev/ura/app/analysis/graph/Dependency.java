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
    private final boolean pathOnly;

    /** @param kind how the dependency was made (program order, a hand-off link, a request) */
    public Dependency(LinkKind kind) {
        this(kind, false);
    }

    /**
     * @param kind     how the edge was made
     * @param pathOnly whether it only records which way the recorded critical path went (on a
     *                 system trace: from a thread that fell asleep to the waker's window), not
     *                 something the target waited for; what-if estimates leave it out
     */
    public Dependency(LinkKind kind, boolean pathOnly) {
        this.kind = kind;
        this.pathOnly = pathOnly;
    }

    /** Whether the edge only records the recorded path's way (see the constructor); what-if leaves it out. */
    public boolean pathOnly() {
        return pathOnly;
    }

    /** How the dependency was made. */
    public LinkKind kind() {
        return kind;
    }

    @Override
    public String toString() {
        return kind.label();
    }
}
