package dev.ura.app.ui.timeline;

import java.awt.EventQueue;
import java.lang.management.ManagementFactory;

/**
 * For {@code ura bench window}: with {@code -Dura.bench.firstPaint=true}, the first paint of a
 * loaded trace's timeline prints {@code first-paint-ms N} (ms since the JVM started) to stdout and
 * ends the process. Does nothing otherwise.
 */
final class FirstPaintProbe {
    static final String PROPERTY = "ura.bench.firstPaint";
    private static final String EXIT_DELAY = "ura.bench.exitDelayMs";
    private static final boolean ON = Boolean.getBoolean(PROPERTY);
    private static boolean done;

    private FirstPaintProbe() {
    }

    /** Called (on the EDT) after the timeline painted a trace. */
    static void painted() {
        if (!ON || done) {
            return;
        }
        done = true;
        long ms = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("first-paint-ms " + ms);
        System.out.flush();
        // after this paint reaches the screen; -Dura.bench.exitDelayMs keeps the window a while so
        // that its memory can be inspected at first paint (jcmd, /proc)
        int delay = Integer.getInteger(EXIT_DELAY, 0);
        if (delay > 0) {
            javax.swing.Timer exit = new javax.swing.Timer(delay, e -> System.exit(0));
            exit.setRepeats(false);
            exit.start();
        } else {
            EventQueue.invokeLater(() -> System.exit(0));
        }
    }
}
