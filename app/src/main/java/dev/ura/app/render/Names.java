package dev.ura.app.render;

/**
 * Method names for people: JVM descriptors as parameter types ({@code (Ljava/lang/String;I)V} as
 * {@code (String, int) → void}) and labels shortened in the middle so {@code Class.method} stays
 * readable ({@code ActivityTh…ead.main}, never {@code ActivityThread.ma…}).
 */
public final class Names {
    private Names() {
    }

    /**
     * A descriptor as simple parameter and return types; the descriptor itself when it is not one
     * ({@code null} stays {@code null}).
     */
    public static String readableSignature(String descriptor) {
        if (descriptor == null || descriptor.isEmpty() || descriptor.charAt(0) != '(') {
            return descriptor;
        }
        StringBuilder out = new StringBuilder("(");
        int[] at = {1};
        boolean first = true;
        while (at[0] < descriptor.length() && descriptor.charAt(at[0]) != ')') {
            String type = type(descriptor, at);
            if (type == null) {
                return descriptor;
            }
            out.append(first ? "" : ", ").append(type);
            first = false;
        }
        if (at[0] >= descriptor.length()) {
            return descriptor;
        }
        at[0]++;
        String ret = type(descriptor, at);
        if (ret == null || at[0] != descriptor.length()) {
            return descriptor;
        }
        return out.append(") → ").append(ret).toString();
    }

    /** One field type starting at {@code at[0]}, which is moved past it; {@code null} when malformed. */
    private static String type(String d, int[] at) {
        int dims = 0;
        while (at[0] < d.length() && d.charAt(at[0]) == '[') {
            dims++;
            at[0]++;
        }
        if (at[0] >= d.length()) {
            return null;
        }
        char c = d.charAt(at[0]++);
        String base = switch (c) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'V' -> dims == 0 ? "void" : null;
            case 'L' -> {
                int end = d.indexOf(';', at[0]);
                if (end < 0) {
                    yield null;
                }
                String cls = d.substring(at[0], end);
                at[0] = end + 1;
                String simple = cls.substring(cls.lastIndexOf('/') + 1);
                yield simple.substring(simple.lastIndexOf('$') + 1);
            }
            default -> null;
        };
        return base == null ? null : base + "[]".repeat(dims);
    }

    /**
     * A lane's name: the thread's, and in a system trace its process's when that is not the app
     * ({@code binder:1459_2 (system_server)}), so a critical path crossing into another process
     * says where it went.
     */
    public static String laneName(dev.ura.trace.model.Trace trace, int thread) {
        String name = trace.threads().get(thread).name();
        var system = trace.system();
        if (!system.present() || thread >= system.threads().size()) {
            return name;
        }
        long pid = system.threads().get(thread).tgid();
        if (pid == trace.metadata().pid()) {
            return name;
        }
        String process = system.process(pid).map(p -> p.name()).filter(n -> !n.isEmpty()).orElse(null);
        return process == null || process.equals(name) ? name : name + " (" + process + ")";
    }

    /**
     * {@code label} in at most {@code max} characters: whole when it fits; else the method (after
     * the last dot) kept and the class cut in the middle with an ellipsis; else the method itself
     * cut at its end. Below 2 characters there is nothing worth showing: the empty string.
     */
    public static String fit(String label, int max) {
        if (label.length() <= max) {
            return label;
        }
        if (max < 2) {
            return "";
        }
        int dot = label.lastIndexOf('.');
        String tail = dot <= 0 ? "" : label.substring(dot);
        if (dot > 0 && tail.length() + 2 <= max) {
            return label.substring(0, max - tail.length() - 1) + "…" + tail;
        }
        String method = dot <= 0 ? label : label.substring(dot + 1);
        return method.length() <= max ? method : method.substring(0, max - 1) + "…";
    }
}
