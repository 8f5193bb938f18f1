package dev.ura.trace.system;

import dev.ura.trace.model.system.ThreadState;

/**
 * Decodes the state a thread was left in by {@code sched_switch} ({@code prev_state}), as a kernel
 * bit mask (protobuf) or as the letters the kernel prints (text). The bits moved between kernel
 * versions; Perfetto assumes 4.4 when the version is unknown, and so do we.
 */
public final class PrevState {
    private PrevState() {
    }

    /**
     * @param raw   the {@code prev_state} value
     * @param major kernel major version ({@code uname -r}), 0 when unknown
     * @param minor kernel minor version
     */
    public static ThreadState decode(long raw, int major, int minor) {
        if (major == 0) {
            major = 4;
            minor = 4;
        }
        int v = major * 1000 + minor;
        long preempt = v >= 4014 ? 0x100 : v >= 4008 ? 0x1000 : 0x800;
        if (raw == 0 || (raw & preempt) != 0) {
            return raw == 0 ? ThreadState.RUNNABLE : ThreadState.RUNNABLE_PREEMPTED;
        }
        if (v >= 4014 && raw >= 0x200) {
            return ThreadState.UNKNOWN;
        }
        if ((raw & 0x02) != 0) {
            return ThreadState.UNINTERRUPTIBLE;
        }
        if ((raw & 0x01) != 0) {
            return ThreadState.SLEEPING;
        }
        if ((raw & 0x30) != 0 || (v < 4014 && (raw & 0x40) != 0)) {
            return ThreadState.DEAD;
        }
        if ((raw & 0x0C) != 0 || (v >= 4014 && (raw & 0x40) != 0) || (v < 4014 && (raw & 0x200) != 0)) {
            return ThreadState.STOPPED;
        }
        if (v >= 4014 && (raw & 0x80) != 0) {
            return ThreadState.SLEEPING; // I: an idle kernel thread, asleep until work comes
        }
        return ThreadState.UNKNOWN;
    }

    /**
     * The major and minor version of a kernel release ({@code uname -r}, e.g. {@code 5.10.43-android12-9}),
     * or null when it does not start with them.
     */
    public static int[] kernelVersion(String release) {
        String[] parts = release.split("[.\\-]");
        try {
            return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The letters of the text form: {@code R}, {@code R+}, {@code S}, {@code D}, {@code D|K}, {@code I}, {@code X}… */
    public static ThreadState parse(String letters) {
        if (letters == null || letters.isEmpty()) {
            return ThreadState.UNKNOWN;
        }
        if (letters.startsWith("R")) {
            return letters.contains("+") ? ThreadState.RUNNABLE_PREEMPTED : ThreadState.RUNNABLE;
        }
        if (letters.contains("D")) {
            return ThreadState.UNINTERRUPTIBLE;
        }
        return switch (letters.charAt(0)) {
            case 'S', 'I' -> ThreadState.SLEEPING;
            case 'X', 'Z', 'x' -> ThreadState.DEAD;
            case 'T', 't', 'P', 'W', 'K', 'N' -> ThreadState.STOPPED;
            default -> ThreadState.UNKNOWN;
        };
    }
}
