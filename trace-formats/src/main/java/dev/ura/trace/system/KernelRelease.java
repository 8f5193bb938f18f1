package dev.ura.trace.system;

import dev.ura.trace.model.system.ThreadState;

/** The traced kernel's release ({@code uname -r}), which decides how {@code prev_state} bits read ({@link PrevState}). */
final class KernelRelease {
    private String release = "";
    private int major;
    private int minor;

    /** Records the release; false when its version is not understood (states then read as kernel 4.4). */
    boolean set(String r) {
        release = r;
        int[] v = PrevState.kernelVersion(r);
        if (v == null) {
            return false;
        }
        major = v[0];
        minor = v[1];
        return true;
    }

    /** The release, empty when none was recorded. */
    String release() {
        return release;
    }

    ThreadState decode(long rawPrevState) {
        return PrevState.decode(rawPrevState, major, minor);
    }
}
