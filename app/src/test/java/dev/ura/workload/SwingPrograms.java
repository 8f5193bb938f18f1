package dev.ura.workload;

import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Graphics;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JPanel;
import javax.swing.JTextArea;
import javax.swing.Timer;

/**
 * Small Swing programs recorded with the agent in a JVM of their own ({@code args[0]} = mode):
 * <ul>
 * <li>{@code timer}: a click starts a repeating {@link Timer} (first tick after 100 ms, then every
 * 15 ms, 40 ticks) that repaints the panel {@code anim};</li>
 * <li>{@code thread}: a click starts a thread that repaints {@code anim} 40 times, 15 ms apart;</li>
 * <li>{@code paint}: a click repaints {@code dial}, a component whose {@code paint()} override does
 * not call super;</li>
 * <li>{@code typing}: the keys "ab" are typed into the text area {@code area}.</li>
 * </ul>
 */
public final class SwingPrograms {
    public static final int FRAMES = 40;
    /** How long the worker a click waits for works (sleeps), ms. */
    public static final int WORK_MS = 80;

    private SwingPrograms() {
    }

    /** Paints the frame counter; never calls {@code super.paint}. */
    static final class Dial extends JComponent {
        final AtomicInteger clicks = new AtomicInteger();

        @Override
        public void paint(Graphics g) {
            g.setColor(clicks.get() % 2 == 0 ? Color.BLUE : Color.ORANGE);
            g.fillRect(0, 0, getWidth(), getHeight());
        }
    }

    static Integer work() {
        try {
            Thread.sleep(WORK_MS);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        return WORK_MS;
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        AtomicInteger frame = new AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean pressed = new java.util.concurrent.atomic.AtomicBoolean();
        Robot robot = BasicRobot.robotWithCurrentAwtHierarchy();
        JFrame f = GuiActionRunner.execute(() -> {
            JFrame w = new JFrame("ura " + mode);
            JPanel anim = new JPanel() {
                @Override
                protected void paintComponent(Graphics g) {
                    super.paintComponent(g);
                    g.drawString("frame " + frame.get(), 10, 20);
                }
            };
            anim.setName("anim");
            anim.setPreferredSize(new Dimension(200, 100));
            Dial dial = new Dial();
            dial.setName("dial");
            dial.setPreferredSize(new Dimension(60, 60));
            JButton start = new JButton("start");
            start.setName("start");
            start.addMouseListener(new java.awt.event.MouseAdapter() {
                @Override
                public void mousePressed(java.awt.event.MouseEvent e) {
                    pressed.set(true);
                }
            });
            start.addActionListener(e -> {
                switch (mode) {
                    case "timer" -> {
                        Timer t = new Timer(15, null);
                        t.setInitialDelay(100);
                        t.addActionListener(ev -> {
                            if (frame.incrementAndGet() >= FRAMES) {
                                t.stop();
                            }
                            anim.repaint();
                        });
                        t.start();
                    }
                    case "thread" -> new Thread(() -> {
                        for (int i = 0; i < FRAMES; i++) {
                            try {
                                Thread.sleep(15);
                            } catch (InterruptedException ex) {
                                return;
                            }
                            frame.incrementAndGet();
                            anim.repaint();
                        }
                    }, "animation").start();
                    case "paint" -> {
                        dial.clicks.incrementAndGet();
                        dial.repaint();
                    }
                    // the EDT blocks for a worker that sleeps WORK_MS, then repaints the dial
                    case "future" -> {
                        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
                        try {
                            pool.submit(SwingPrograms::work).get();
                        } catch (Exception ex) {
                            throw new IllegalStateException(ex);
                        } finally {
                            pool.shutdown();
                        }
                        dial.clicks.incrementAndGet();
                        dial.repaint();
                    }
                    case "latch" -> {
                        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
                        new Thread(() -> {
                            work();
                            done.countDown();
                        }, "latch-worker").start();
                        try {
                            done.await();
                        } catch (InterruptedException ex) {
                            throw new IllegalStateException(ex);
                        }
                        dial.clicks.incrementAndGet();
                        dial.repaint();
                    }
                    case "join" -> {
                        Thread t = new Thread(SwingPrograms::work, "join-worker");
                        t.start();
                        try {
                            t.join();
                        } catch (InterruptedException ex) {
                            throw new IllegalStateException(ex);
                        }
                        dial.clicks.incrementAndGet();
                        dial.repaint();
                    }
                    default -> { }
                }
            });
            JTextArea area = new JTextArea(5, 20);
            area.setName("area");
            w.getContentPane().add(start, BorderLayout.NORTH);
            w.getContentPane().add(anim, BorderLayout.CENTER);
            w.getContentPane().add(dial, BorderLayout.EAST);
            w.getContentPane().add(area, BorderLayout.SOUTH);
            w.pack();
            return w;
        });
        FrameFixture window = new FrameFixture(robot, f);
        window.show();
        robot.waitForIdle();
        Thread.sleep(500);
        if (mode.equals("typing")) {
            window.textBox("area").focus();
            robot.waitForIdle();
            Thread.sleep(300);
            window.textBox("area").enterText("ab");
        } else {
            pointerOver(robot, window.button("start").target());
            window.button("start").click();
            // Under Xvfb an X pointer event sent while the server is busy can be lost before it
            // reaches the window (seen once in CI: a recording without any mouse event at all).
            // The recording is of the app's answer to a click, so make sure one click arrived:
            // press again only when the first one never did (a late first press would make two
            // clicks, which the tests reject).
            long deadline = System.nanoTime() + 3_000_000_000L;
            while (!pressed.get() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            if (!pressed.get()) {
                pointerOver(robot, window.button("start").target());
                window.button("start").click();
            }
        }
        robot.waitForIdle();
        Thread.sleep(1500);
        boolean lost = !mode.equals("typing") && !pressed.get();
        if (lost) {
            System.err.println("no mouse press reached the window; pointer at "
                    + java.awt.MouseInfo.getPointerInfo().getLocation() + ", button at "
                    + GuiActionRunner.execute(() -> window.button("start").target().getLocationOnScreen()));
        }
        window.cleanUp();
        // A distinct code for "the X server delivered no click": the recording is of nothing.
        System.exit(lost ? NO_CLICK : 0);
    }

    /** Exit code when no click reached the program (the recording holds no user input). */
    public static final int NO_CLICK = 3;

    /**
     * Moves the pointer onto {@code c} until the X server agrees it is there. On an idle machine
     * the first move can come before the server has the window where Swing believes it is (the
     * window was just mapped), and a click aimed then lands outside it and is lost.
     */
    public static void pointerOver(Robot robot, java.awt.Component c) throws InterruptedException {
        for (int tries = 0; tries < 50; tries++) {
            robot.moveMouse(c);
            robot.waitForIdle();
            if (org.assertj.swing.edt.GuiActionRunner.execute(() -> c.getMousePosition()) != null) {
                return;
            }
            Thread.sleep(100);
        }
    }
}
