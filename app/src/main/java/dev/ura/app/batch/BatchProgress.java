package dev.ura.app.batch;

import dev.ura.trace.util.OneLine;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * What a batch says while it runs, on standard error. On a terminal: one line redrawn in place, a
 * bar with the count, the rate and the time left, and failures printed above it. Elsewhere (a log,
 * CI): one plain line per trace, so the log says what happened to each.
 */
public final class BatchProgress {
    private static final int BAR = 24;

    private final PrintWriter err;
    private final boolean terminal;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;
    private int lastWidth;

    public BatchProgress(PrintWriter err, boolean terminal, int total) {
        this.err = err;
        this.terminal = terminal;
        this.total = total;
    }

    /** One trace is finished; {@code outcome} says how ("stored, 3 responses", "already stored"). */
    public synchronized void finished(String file, String outcome) {
        done++;
        if (terminal) {
            redraw();
        } else {
            err.printf("ura: batch: [%d/%d] %s: %s%n", done, total, OneLine.of(file), outcome);
            err.flush();
        }
    }

    /** One trace failed: always its own line (above the bar on a terminal), and counted as finished. */
    public synchronized void failed(String message) {
        done++;
        if (terminal) {
            clear();
        }
        err.println("ura: " + OneLine.of(message));
        if (terminal) {
            redraw();
        } else {
            err.flush();
        }
    }

    /** Removes the bar before the summary. */
    public synchronized void end() {
        if (terminal) {
            clear();
            err.flush();
        }
    }

    private void clear() {
        if (lastWidth > 0) {
            err.print("\r" + " ".repeat(lastWidth) + "\r");
            lastWidth = 0;
        }
    }

    private void redraw() {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        int filled = total == 0 ? BAR : (int) ((long) BAR * done / total);
        String eta = done == 0 ? "--:--" : clock(elapsed / done * (total - done));
        String line = String.format(Locale.ROOT, "[%s%s] %d/%d  %.0f traces/min  ETA %s", "#".repeat(filled),
                " ".repeat(BAR - filled), done, total, elapsed > 0 ? done / elapsed * 60 : 0.0, eta);
        err.print("\r" + line + (line.length() < lastWidth ? " ".repeat(lastWidth - line.length()) : ""));
        lastWidth = Math.max(line.length(), lastWidth);
        err.flush();
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
