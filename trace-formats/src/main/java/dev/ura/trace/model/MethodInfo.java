package dev.ura.trace.model;

/**
 * One method definition.
 *
 * @param id         the id the file uses for it (Android: method id with the action bits cleared;
 *                   synthetic ids for formats that have none)
 * @param className  class in dotted form ({@code java.lang.Object}, {@code Foo$Bar}); empty when unknown
 * @param name       method name; for agent-log intervals {@code KIND} or {@code KIND:name}
 * @param signature  descriptor such as {@code (I)V}, or {@code null}
 * @param sourceFile source file, or {@code null} when the file says none ({@code (null)} or empty)
 * @param line       line number, or {@code -1} when unknown
 */
public record MethodInfo(long id, String className, String name, String signature, String sourceFile, int line) {

    public MethodInfo {
        className = className == null ? "" : className;
        name = name == null ? "" : name;
    }

    /** {@code pkg.Class.method}, or just the name when the class is unknown. */
    public String fullName() {
        return className.isEmpty() ? name : className + "." + name;
    }

    /** The package part of the class name, or an empty string. */
    public String packageName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }
}
