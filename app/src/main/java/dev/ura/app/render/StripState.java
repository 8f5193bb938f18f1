package dev.ura.app.render;

import dev.ura.trace.model.system.ThreadState;

import java.awt.Color;

/**
 * The five states the thread-state strip tells apart (Perfetto's and Android Studio's), with
 * their legend names and colours per theme. The colours keep Perfetto's meaning (dark green
 * running, light green runnable, orange I/O, grey sleeping) but are tuned so each stands at least
 * 3:1 against its theme's background (WCAG's contrast for graphics) and apart from the others.
 */
public enum StripState {
    RUNNING("running", 0x2E7D32, 0x3FA14A),
    RUNNABLE("runnable", 0x76A01A, 0xB5D86A),
    SLEEPING("sleeping", 0x8C959F, 0x8C959F),
    IO("I/O (uninterruptible)", 0xE65100, 0xFF9E40),
    UNKNOWN("unknown", 0x4A6FC2, 0x6CA4F0);

    private final String label;
    private final Color light;
    private final Color dark;

    StripState(String label, int light, int dark) {
        this.label = label;
        this.light = new Color(light);
        this.dark = new Color(dark);
    }

    /** The strip state of a scheduler state: stopped, dead and unknown states are all "unknown". */
    public static StripState of(ThreadState s) {
        return switch (s) {
            case RUNNING -> RUNNING;
            case RUNNABLE, RUNNABLE_PREEMPTED -> RUNNABLE;
            case SLEEPING -> SLEEPING;
            case UNINTERRUPTIBLE -> IO;
            default -> UNKNOWN;
        };
    }

    /** The legend's name. */
    public String label() {
        return label;
    }

    public Color colour(boolean darkTheme) {
        return darkTheme ? dark : light;
    }

    /**
     * How much of the strip's height the state fills: a sleep is a thin line (the thread is doing
     * nothing), an unknown stretch half the height, the states worth seeing all of it.
     */
    public int height(int strip) {
        return switch (this) {
            case SLEEPING -> Math.max(1, strip / 4);
            case UNKNOWN -> Math.max(1, strip / 2);
            default -> strip;
        };
    }
}
