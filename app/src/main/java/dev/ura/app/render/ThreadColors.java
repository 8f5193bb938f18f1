package dev.ura.app.render;

import dev.ura.trace.model.system.SystemTrace;

import java.awt.Color;

/**
 * The colour of a thread on the CPU tracks: the hue comes from its process (so one process's
 * work reads as one family across CPUs, as in Perfetto) and is shifted a little per thread, with
 * a lightness per thread, so two threads of one process side by side still differ.
 */
public final class ThreadColors {
    private ThreadColors() {
    }

    /** The colour of thread {@code thread} (index into the trace's threads). */
    public static Color of(SystemTrace system, int thread, boolean dark) {
        long pid = -1;
        long tid = thread;
        if (thread < system.threads().size()) {
            pid = system.threads().get(thread).tgid();
            tid = system.threads().get(thread).tid();
        }
        int ph = mix(pid);
        int th = mix(tid * 31 + 7);
        float hue = ((ph & 0xFFFF) / 65536f) + (((th & 0xFF) / 255f) - 0.5f) * 0.08f;
        float sat = dark ? 0.45f : 0.55f;
        float bri = (dark ? 0.55f : 0.72f) + (((th >>> 8) & 0xFF) / 255f) * 0.18f;
        return Color.getHSBColor(hue - (float) Math.floor(hue), sat, Math.min(0.95f, bri));
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32));
    }
}
