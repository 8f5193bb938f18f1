package dev.ura.trace.system;

import dev.ura.trace.model.MethodTable;

/**
 * What each distinct slice name is to the builder (a frame, an input, a launch), decided once per
 * name so the passes over millions of calls compare a byte, not strings.
 */
final class SliceKinds {
    static final byte OTHER = 0;
    static final byte DO_FRAME = 1;
    static final byte DRAW_FRAME = 2;
    static final byte INPUT = 3;
    static final byte BIND_APPLICATION = 4;

    private SliceKinds() {
    }

    /** The kind of each method index of {@code methods}. */
    static byte[] of(MethodTable methods) {
        byte[] kind = new byte[methods.size()];
        for (int m = 0; m < kind.length; m++) {
            String name = methods.get(m).name();
            if (name.startsWith("deliverInputEvent")) {
                kind[m] = INPUT;
            } else if (name.equals("bindApplication")) {
                kind[m] = BIND_APPLICATION;
            } else if (FrameJoiner.isDoFrame(name)) {
                kind[m] = DO_FRAME;
            } else if (FrameJoiner.isDrawFrame(name)) {
                kind[m] = DRAW_FRAME;
            }
        }
        return kind;
    }
}
