package dev.ura.app.annotations;

import java.util.Objects;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * A user's mark on a trace.
 *
 * @param id   unique within its sidecar
 * @param kind note, arrow or box
 * @param from the note's point, the arrow's tail, the box's first corner
 * @param to   the arrow's head or the box's second corner; {@code null} for a note
 * @param text the text (may be empty, never {@code null})
 */
public record Annotation(String id, AnnotationKind kind, Anchor from, Anchor to, String text) {
    /**
     * The longest text an annotation holds, in chars. The sidecar reader refuses longer strings
     * ({@link AnnotationStore}), so the writer must never produce one: longer text is cut here,
     * where every annotation is made, whether typed, pasted or read.
     */
    public static final int MAX_TEXT_CHARS = 100_000;

    public Annotation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(from, "from");
        if (kind != AnnotationKind.NOTE) {
            Objects.requireNonNull(to, "to");
        }
        text = fit(text == null ? "" : text);
    }

    /** {@code s} cut to {@link #MAX_TEXT_CHARS}, never inside a surrogate pair. */
    static String fit(String s) {
        if (s.length() <= MAX_TEXT_CHARS) {
            return s;
        }
        int end = MAX_TEXT_CHARS;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--; // never split a surrogate pair: the sidecar would hold invalid UTF-16
        }
        return s.substring(0, end);
    }

    public static Annotation note(Anchor at, String text) {
        return new Annotation(UUID.randomUUID().toString(), AnnotationKind.NOTE, at, null, text);
    }

    public static Annotation arrow(Anchor from, Anchor to, String text) {
        return new Annotation(UUID.randomUUID().toString(), AnnotationKind.ARROW, from, to, text);
    }

    public static Annotation box(Anchor from, Anchor to, String text) {
        return new Annotation(UUID.randomUUID().toString(), AnnotationKind.BOX, from, to, text);
    }

    public Annotation withText(String t) {
        return new Annotation(id, kind, from, to, t);
    }

    /** The same annotation pinned to other points ({@code to} stays {@code null} for a note). */
    public Annotation withAnchors(Anchor newFrom, Anchor newTo) {
        return new Annotation(id, kind, newFrom, kind == AnnotationKind.NOTE ? null : newTo, text);
    }

    /** Moved by {@code dtNs}; a note also moves to {@code noteThread}'s lane when given (free points). */
    public Annotation moved(long dtNs, Anchor noteThread) {
        if (kind == AnnotationKind.NOTE && noteThread != null) {
            return withAnchors(new Anchor(noteThread.threadId(), noteThread.threadName(), from.timeNs() + dtNs,
                    noteThread.row(), null), null);
        }
        return withAnchors(from.shifted(dtNs), to == null ? null : to.shifted(dtNs));
    }

    /**
     * Moved by {@code dtNs}, each end passed through {@code reanchor} (which pins a moved point to
     * the slice now under it, or frees it); a note goes to {@code noteAt} when given.
     */
    public Annotation moved(long dtNs, Anchor noteAt, UnaryOperator<Anchor> reanchor) {
        if (kind == AnnotationKind.NOTE) {
            return withAnchors(noteAt != null ? noteAt : reanchor.apply(from.shifted(dtNs)), null);
        }
        return withAnchors(reanchor.apply(from.shifted(dtNs)), reanchor.apply(to.shifted(dtNs)));
    }
}
