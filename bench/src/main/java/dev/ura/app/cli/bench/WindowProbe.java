package dev.ura.app.cli.bench;

import dev.ura.app.cli.UraCommand;
import dev.ura.app.ui.WindowEvents;

import java.awt.EventQueue;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process {@code bench window} times: {@code java -cp ura.jar:ura-bench.jar
 * dev.ura.app.cli.bench.WindowProbe first-paint|analysed FILE} opens FILE the way
 * {@code java -jar ura.jar FILE} does, listening to the window's {@link WindowEvents}. At the first
 * paint of the trace it prints {@code first-paint-ms N hwm-kb K} (ms since the JVM started, and the
 * process's peak resident memory so far); with {@code analysed} it goes on until the analysis is
 * shown and prints {@code analysed-ms N hwm-kb K} (or {@code analysis-failed MESSAGE}); then it
 * ends the process. {@code -Dura.bench.exitDelayMs=N} keeps the window N ms longer (jcmd, /proc).
 * ura.jar comes first on the class path, so every class of the window is the shipped jar's.
 */
public final class WindowProbe implements WindowEvents.Listener {
    private final boolean untilAnalysed;
    private boolean painted;
    private boolean analysed;

    private WindowProbe(boolean untilAnalysed) {
        this.untilAnalysed = untilAnalysed;
    }

    public static void main(String[] args) {
        if (args.length != 2 || !args[0].equals("first-paint") && !args[0].equals("analysed")) {
            System.err.println("usage: WindowProbe first-paint|analysed FILE");
            System.exit(UraCommand.EXIT_USAGE);
        }
        WindowEvents.addListener(new WindowProbe(args[0].equals("analysed")));
        int code = UraCommand.run(new String[] {args[1]});
        if (code != UraCommand.KEEP_RUNNING) {
            System.exit(code);
        }
    }

    @Override
    public void tracePainted() {
        if (painted) {
            return;
        }
        painted = true;
        report("first-paint-ms");
        if (!untilAnalysed) {
            exitSoon();
        }
    }

    @Override
    public void analysisShown() {
        if (!untilAnalysed || analysed) {
            return;
        }
        analysed = true;
        report("analysed-ms");
        exitSoon();
    }

    @Override
    public void analysisFailed(String message) {
        if (!untilAnalysed || analysed) {
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

    /** After this paint reaches the screen (the next turn of the EDT), or after the exit delay. */
    private static void exitSoon() {
        int delay = Integer.getInteger("ura.bench.exitDelayMs", 0);
        if (delay > 0) {
            javax.swing.Timer exit = new javax.swing.Timer(delay, e -> System.exit(0));
            exit.setRepeats(false);
            exit.start();
        } else {
            EventQueue.invokeLater(() -> System.exit(0));
        }
    }

    /** VmHWM of this process in kB, or -1 without /proc (the bench then reads the peak from outside). */
    private static long peakKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
