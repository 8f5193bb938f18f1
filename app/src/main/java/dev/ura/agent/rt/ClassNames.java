package dev.ura.agent.rt;

import java.nio.charset.StandardCharsets;

/**
 * A class's short name (after the last {@code .}) as JSON-safe UTF-8 bytes, computed once per class:
 * identities are written as {@code ShortName@hash} without building a string per event.
 */
final class ClassNames extends ClassValue<byte[]> {
    static final ClassNames INSTANCE = new ClassNames();

    @Override
    protected byte[] computeValue(Class<?> type) {
        String name = type.getName();
        int slash = name.indexOf('/');
        if (slash > 0) {
            // hidden classes (lambdas) are named Outer$$Lambda$14/0x...; the part before the slash is stable enough
            name = name.substring(0, slash);
        }
        String shortName = name.substring(name.lastIndexOf('.') + 1);
        StringBuilder safe = new StringBuilder(shortName.length());
        for (int i = 0; i < shortName.length(); i++) {
            char c = shortName.charAt(i);
            safe.append(c == '"' || c == '\\' || c < 0x20 ? '_' : c);
        }
        return safe.toString().getBytes(StandardCharsets.UTF_8);
    }
}
