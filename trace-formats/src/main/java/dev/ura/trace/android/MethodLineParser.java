package dev.ura.trace.android;

import dev.ura.trace.model.MethodInfo;

/**
 * Parses one method definition line (a {@code *methods} line or the text of a method packet),
 * with the token rules perflib and Perfetto use: 6 tokens = id, class, name, signature, file, line
 * (Dalvik); a 4th token starting with {@code (} = id, class, name, signature[, file] (ART);
 * anything else = id, class, name[, file]. Ids are hex with {@code 0x} (either case) or decimal
 * ({@code 0} is how ART prints the first id). Dalvik's {@code /} class names become dotted, and a
 * source file {@code (null)} or empty becomes {@code null}.
 */
final class MethodLineParser {
    private MethodLineParser() {
    }

    /** The method, or {@code null} when the line has no parsable id. */
    static MethodInfo parse(String line) {
        String[] t = line.split("\t", -1);
        long id = parseId(t[0].trim());
        if (id < 0 || t.length < 2) {
            return null;
        }
        String className = t[1].replace('/', '.');
        if (t.length >= 6) {
            return new MethodInfo(id, className, t[2], t[3], sourceFile(t[4]), parseLine(t[5]));
        }
        if (t.length >= 4 && t[3].startsWith("(")) {
            return new MethodInfo(id, className, t[2], t[3], t.length > 4 ? sourceFile(t[4]) : null, -1);
        }
        return new MethodInfo(id, className, t.length > 2 ? t[2] : "", null, t.length > 3 ? sourceFile(t[3]) : null, -1);
    }

    /** A method id as the key section prints it, or -1. */
    static long parseId(String text) {
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return text.length() > 2 && text.length() <= 18 ? Long.parseUnsignedLong(text.substring(2), 16) : -1;
            }
            long v = Long.parseLong(text);
            return v < 0 ? -1 : v;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String sourceFile(String token) {
        return token.isEmpty() || "(null)".equals(token) ? null : token;
    }

    private static int parseLine(String token) {
        try {
            return Integer.parseInt(token.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
