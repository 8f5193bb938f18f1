package dev.ura.app.ui.timeline;

import java.awt.EventQueue;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For {@code ura bench window}: with {@code -Dura.bench.firstPaint=true}, the first paint of a
 * loaded trace's timeline prints {@code first-paint-ms N hwm-kb K} (ms since the JVM started, and
 * the process's peak resident memory so far) to stdout and ends the process; with
 * {@code -Dura.bench.untilAnalysed=true} as well, the process goes on until the trace's analysis
 * is shown, prints {@code analysed-ms N hwm-kb K} and ends then. Does nothing otherwise.
 */
public final class FirstPaintProbe {
    static final String PROPERTY = "ura.bench.firstPaint";
    private static final String EXIT_DELAY = "ura.bench.exitDelayMs";
    private static final boolean ON = Boolean.getBoolean(PROPERTY);
    private static final boolean UNTIL_ANALYSED = ON && Boolean.getBoolean("ura.bench.untilAnalysed");
    private static boolean painted;
    private static boolean analysed;

    private FirstPaintProbe() {
    }

    /** Called (on the EDT) after the timeline painted a trace. */
    static void painted() {
        if (!ON || painted) {
            return;
        }
        painted = true;
        report("first-paint-ms");
        if (!UNTIL_ANALYSED) {
            exitSoon();
        }
    }

    /** Called (on the EDT) when the analysis of an opened trace is shown. */
    public static void analysed() {
        if (!UNTIL_ANALYSED || analysed) {
            return;
        }
        analysed = true;
        report("analysed-ms");
        exitSoon();
    }

    /** Called (on the EDT) when the analysis failed: the bench reports it instead of waiting. */
    public static void analysisFailed(String message) {
        if (!UNTIL_ANALYSED || analysed) {
            return;
        }
        analysed = true;
        System.out.println("analysis-failed " + message);
        System.out.flush();
        exitSoon();
    }

    private static void report(String what) {
        long ms = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println(what + " " + ms + " hwm-kb " + peakKb());
        System.out.flush();
    }

    /** After this paint reaches the screen; -Dura.bench.exitDelayMs keeps the window a while (jcmd, /proc). */
    private static void exitSoon() {
        int delay = Integer.getInteger(EXIT_DELAY, 0);
        if (delay > 0) {
            javax.swing.Timer exit = new javax.swing.Timer(delay, e -> System.exit(0));
            exit.setRepeats(false);
            exit.start();
        } else {
            EventQueue.invokeLater(() -> System.exit(0));
        }
    }

    /** VmHWM of this process in kB, or -1 without /proc. */
    private static long peakKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux: the bench reads the peak from outside
        }
        return -1;
    }
}
