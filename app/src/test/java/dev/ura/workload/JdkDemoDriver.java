package dev.ura.workload;

import java.awt.Component;
import java.awt.Container;
import java.awt.Frame;
import java.awt.Point;
import java.awt.Robot;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.swing.AbstractButton;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;

/**
 * Drives the JDK's demo programs (SwingSet2, Notepad: on the class path, from the JDK's demo
 * package) with {@link Robot} for recording under the agent, by hand: {@code args[0]} =
 * {@code swingset} (clicks the toolbar buttons named in args[1..], each 2 s apart) or
 * {@code notepad} (types args[1] into the editor).
 */
public final class JdkDemoDriver {
    private JdkDemoDriver() {
    }

    public static void main(String[] args) throws Exception {
        Robot robot = new Robot();
        robot.setAutoDelay(20);
        if (args[0].equals("swingset")) {
            Class.forName("SwingSet2").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            Thread.sleep(8000);
            for (int i = 1; i < args.length; i++) {
                String tip = args[i];
                click(robot, find(c -> c instanceof AbstractButton b && b.getToolTipText() != null
                        && b.getToolTipText().contains(tip)));
                Thread.sleep(2500);
            }
        } else {
            Class.forName("Notepad").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            Thread.sleep(4000);
            click(robot, find(c -> c instanceof JTextComponent));
            Thread.sleep(500);
            for (char ch : args[1].toCharArray()) {
                int code = KeyEvent.getExtendedKeyCodeForChar(ch);
                robot.keyPress(code);
                robot.keyRelease(code);
                Thread.sleep(300);
            }
        }
        Thread.sleep(1500);
        System.exit(0);
    }

    private static void click(Robot robot, Component c) throws Exception {
        Point[] at = new Point[1];
        SwingUtilities.invokeAndWait(() -> {
            Point p = c.getLocationOnScreen();
            at[0] = new Point(p.x + c.getWidth() / 2, p.y + c.getHeight() / 2);
        });
        robot.mouseMove(at[0].x, at[0].y);
        robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
        robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
    }

    private static Component find(Predicate<Component> p) throws Exception {
        List<Component> found = new ArrayList<>();
        SwingUtilities.invokeAndWait(() -> {
            for (Window w : Frame.getWindows()) {
                walk(w, p, found);
            }
        });
        if (found.isEmpty()) {
            throw new IllegalStateException("no such component");
        }
        return found.get(0);
    }

    private static void walk(Component c, Predicate<Component> p, List<Component> found) {
        if (c.isShowing() && p.test(c)) {
            found.add(c);
        }
        if (c instanceof Container k) {
            for (Component child : k.getComponents()) {
                walk(child, p, found);
            }
        }
    }
}
