package dev.ura.app.analysis.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Readable parameter lists for overloads: {@code (Landroid/view/View;IZ)V} reads
 * {@code (View, int, boolean)}, so that the three {@code LayoutInflater.inflate} rows of a
 * profile can be told apart.
 */
public final class MethodSignatures {
    private MethodSignatures() {
    }

    /** {@code name(params)} when the descriptor can be read, else {@code name}. */
    public static String withParameters(String name, String descriptor) {
        String p = parameters(descriptor);
        return p == null ? name : name + p;
    }

    /** The parameter types of a JVM method descriptor, simple names, e.g. {@code (View, int)}; {@code null} if unreadable. */
    public static String parameters(String descriptor) {
        if (descriptor == null || descriptor.isEmpty() || descriptor.charAt(0) != '(') {
            return null;
        }
        StringBuilder out = new StringBuilder("(");
        int i = 1;
        boolean first = true;
        while (i < descriptor.length() && descriptor.charAt(i) != ')') {
            int dims = 0;
            while (i < descriptor.length() && descriptor.charAt(i) == '[') {
                dims++;
                i++;
            }
            if (i >= descriptor.length()) {
                return null;
            }
            String type;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int semi = descriptor.indexOf(';', i);
                if (semi < 0) {
                    return null;
                }
                String cls = descriptor.substring(i + 1, semi);
                type = cls.substring(Math.max(cls.lastIndexOf('/'), cls.lastIndexOf('.')) + 1);
                i = semi + 1;
            } else {
                type = switch (c) {
                    case 'Z' -> "boolean";
                    case 'B' -> "byte";
                    case 'C' -> "char";
                    case 'S' -> "short";
                    case 'I' -> "int";
                    case 'J' -> "long";
                    case 'F' -> "float";
                    case 'D' -> "double";
                    default -> null;
                };
                if (type == null) {
                    return null;
                }
                i++;
            }
            out.append(first ? "" : ", ").append(type).append("[]".repeat(dims));
            first = false;
        }
        return i < descriptor.length() ? out.append(')').toString() : null;
    }

    /**
     * Display names for a list of items: the plain name, or {@code name(params)} for every item
     * whose name another item with a different descriptor shares.
     */
    public static <T> Map<T, String> labels(List<T> items, Function<T, String> name, Function<T, String> descriptor) {
        List<String> labels = labelList(items, name, descriptor);
        Map<T, String> out = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            out.put(items.get(i), labels.get(i));
        }
        return out;
    }

    /**
     * The display names of {@link #labels}, one per item in the items' order. Keeps the items out
     * of a hash map: hashing a record (a profile row) bootstraps its generated {@code hashCode}
     * through method handles, a cost a short command like {@code ura profile} pays at every start.
     */
    public static <T> List<String> labelList(List<T> items, Function<T, String> name, Function<T, String> descriptor) {
        Map<String, String> firstDescriptor = new HashMap<>();
        Map<String, Boolean> overloaded = new HashMap<>();
        for (T t : items) {
            String n = name.apply(t);
            String d = descriptor.apply(t);
            String seen = firstDescriptor.putIfAbsent(n, d == null ? "" : d);
            if (seen != null && !seen.equals(d == null ? "" : d)) {
                overloaded.put(n, true);
            }
        }
        List<String> out = new ArrayList<>(items.size());
        for (T t : items) {
            String n = name.apply(t);
            out.add(overloaded.containsKey(n) ? withParameters(n, descriptor.apply(t)) : n);
        }
        return out;
    }
}
