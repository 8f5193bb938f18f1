package dev.ura.samples.demo;

import java.awt.AWTException;
import java.awt.Point;
import java.awt.Robot;
import java.awt.event.InputEvent;
import javax.swing.JButton;
import javax.swing.SwingUtilities;

/**
 * Clicks the Load button with {@link Robot} (real input events through the window system, as a
 * user's would be), waits for each load to finish and for the screen to settle, then exits the app.
 */
final class AutoClicker {
    private static final long LOAD_TIMEOUT_MS = 60_000;
    private static final int SETTLE_MS = 400;

    private AutoClicker() {
    }

    static void run(FeedWindow window, int clicks) {
        try {
            Robot robot = new Robot();
            robot.waitForIdle();
            Thread.sleep(SETTLE_MS * 2L);
            for (int k = 1; k <= clicks; k++) {
                Point p = centreOf(window.loadButton());
                robot.mouseMove(p.x, p.y);
                robot.waitForIdle();
                robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
                robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
                long deadline = System.currentTimeMillis() + LOAD_TIMEOUT_MS;
                while (window.loadsDone() < k) {
                    if (System.currentTimeMillis() > deadline) {
                        System.err.println("feed reader: load " + k + " did not finish in " + LOAD_TIMEOUT_MS + " ms");
                        System.exit(1);
                    }
                    Thread.sleep(10);
                }
                robot.waitForIdle();
                Thread.sleep(SETTLE_MS);
            }
            StringBuilder times = new StringBuilder("load-times-ms:");
            for (long ns : window.loadTimesNs()) {
                times.append(String.format(java.util.Locale.ROOT, " %.3f", ns / 1e6));
            }
            // read by ura bench agent (overhead with and without the agent)
            System.out.println(times);
            System.out.flush();
            System.exit(0);
        } catch (AWTException e) {
            System.err.println("feed reader: no robot on this display: " + e.getMessage());
            System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Point centreOf(JButton button) throws InterruptedException {
        Point[] p = new Point[1];
        try {
            SwingUtilities.invokeAndWait(() -> {
                Point s = button.getLocationOnScreen();
                p[0] = new Point(s.x + button.getWidth() / 2, s.y + button.getHeight() / 2);
            });
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
        return p[0];
    }
}
