package dev.ura.app.analysis.model;

import java.util.Locale;

/** How a hand-off was linked to the work it caused (shown to the user: inferred links can be wrong). */
public enum LinkKind {
    /** The agent log names the same object on both sides. */
    IDENTITY,
    /** Inferred: the dispatched work runs app code the sender constructed or ran. */
    AFFINITY,
    /** Inferred: the earliest unlinked dispatch after the send. */
    FIFO,
    /**
     * Inferred in an agent log whose send or dispatch has no {@code obj} (or names one never
     * sent): by the same affinity and FIFO rules as {@link #AFFINITY} / {@link #FIFO}.
     */
    INFERRED,
    /** Drawn by the user. */
    USER,
    /** Consecutive work on one thread. */
    PROGRAM_ORDER,
    /** A request fulfilled by a draw. */
    REQUEST,
    /** System traces: the kernel recorded one thread waking another. */
    WAKEUP,
    /** System traces: a binder transaction or reply (joined by the kernel's debug id). */
    BINDER,
    /** System traces: a TrackEvent flow from one slice to another. */
    FLOW;

    /** The JSON spelling ({@code identity}, {@code affinity}, {@code fifo}, {@code program-order}, ...). */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether the link was inferred from timing and names rather than known. */
    public boolean isInferred() {
        return this == AFFINITY || this == FIFO || this == INFERRED;
    }
}
