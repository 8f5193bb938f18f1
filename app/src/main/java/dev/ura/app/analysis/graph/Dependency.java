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

    /** @param kind how the dependency was made (program order, a hand-off link, a request) */
    public Dependency(LinkKind kind) {
        this.kind = kind;
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
