package dev.ura.app.annotations;

/** What an annotation draws. */
public enum AnnotationKind {
    /** Text at one point. */
    NOTE,
    /** An arrow from one point to another, with optional text. */
    ARROW,
    /** A box spanning two corners (times and lanes), with optional text. */
    BOX
}
