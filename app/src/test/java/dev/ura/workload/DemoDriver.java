package dev.ura.workload;

import dev.ura.samples.demo.DemoSwitches;
import dev.ura.samples.demo.FeedReaderApp;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.assertj.swing.timing.Pause;
import org.assertj.swing.timing.Timeout;

import java.util.Arrays;
import javax.imageio.ImageIO;

/**
 * Drives the demo feed reader with AssertJ Swing in a JVM of its own (the one the agent records):
 * {@code args[0]} = clicks, the rest = {@link DemoSwitches} switches.
 */
public final class DemoDriver {
    private DemoDriver() {
    }

    public static void main(String[] args) throws Exception {
        int clicks = Integer.parseInt(args[0]);
        ImageIO.setUseCache(false);
        FeedReaderApp app = new FeedReaderApp(DemoSwitches.parse(Arrays.asList(args).subList(1, args.length)));
        Robot robot = BasicRobot.robotWithCurrentAwtHierarchy();
        GuiActionRunner.execute(app::open);
        FrameFixture window = new FrameFixture(robot, app.window().frame());
        robot.waitForIdle();
        Thread.sleep(500);
        for (int k = 1; k <= clicks; k++) {
            int expected = k;
            window.button("load").click();
            Pause.pause(new Condition("load " + k + " done") {
                @Override
                public boolean test() {
                    return app.window().loadsDone() >= expected;
                }
            }, Timeout.timeout(60_000));
            robot.waitForIdle();
            Thread.sleep(400);
        }
        window.cleanUp();
        app.close();
        System.exit(0);
    }
}
