package dev.ura.samples.timeline;

/**
 * A method as a trace names it.
 *
 * @param className  dotted class name, {@code $} for nested classes
 * @param name       method name
 * @param signature  dex descriptor, e.g. {@code ()V}
 */
public record MethodRef(String className, String name, String signature) {

    /**
     * Parses {@code pkg.Class.method} or {@code pkg.Class.method(sig)}; without a signature
     * {@code ()V} is assumed.
     */
    public static MethodRef parse(String text) {
        String sig = "()V";
        String head = text;
        int paren = text.indexOf('(');
        if (paren >= 0) {
            sig = text.substring(paren);
            head = text.substring(0, paren);
        }
        int dot = head.lastIndexOf('.');
        if (dot <= 0 || dot == head.length() - 1) {
            throw new IllegalArgumentException("not pkg.Class.method: " + text);
        }
        return new MethodRef(head.substring(0, dot), head.substring(dot + 1), sig);
    }

    /** {@code pkg.Class.method}. */
    public String fullName() {
        return className + "." + name;
    }

    /** The source file the VM would report: the outermost class's simple name plus {@code .java}. */
    public String sourceFile() {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        int dollar = simple.indexOf('$');
        return (dollar < 0 ? simple : simple.substring(0, dollar)) + ".java";
    }
}
