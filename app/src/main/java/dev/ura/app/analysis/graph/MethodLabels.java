package dev.ura.app.analysis.graph;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

/**
 * Each method's full name and whether it is app code, worked out once per method instead of once
 * per segment (a name is a string concatenation, the app test a dozen prefix comparisons). Filled
 * on first use; racing threads compute the same values, so sharing needs no lock.
 */
final class MethodLabels {
    private final MethodTable methods;
    private final String[] names;
    /** 0: not known yet, 1: not app code, 2: app code. */
    private final byte[] app;

    MethodLabels(MethodTable methods) {
        this.methods = methods;
        this.names = new String[methods.size()];
        this.app = new byte[methods.size()];
    }

    /** {@link MethodInfo#fullName()} of the method at {@code index}. */
    String name(int index) {
        String n = names[index];
        if (n == null) {
            n = methods.get(index).fullName();
            names[index] = n;
        }
        return n;
    }

    /** {@link AppClasses#isApp} of the method's class. */
    boolean isApp(int index) {
        byte a = app[index];
        if (a == 0) {
            a = AppClasses.isApp(methods.get(index).className()) ? (byte) 2 : (byte) 1;
            app[index] = a;
        }
        return a == 2;
    }
}
