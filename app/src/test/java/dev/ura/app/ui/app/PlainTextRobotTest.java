package dev.ura.app.ui.app;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.ui.profile.CallGraphPanel;
import dev.ura.app.ui.profile.ProfilePanel;
import org.assertj.swing.core.GenericTypeMatcher;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.edt.GuiActionRunner;
import org.assertj.swing.fixture.JPopupMenuFixture;
import org.assertj.swing.fixture.JTabbedPaneFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import javax.swing.JLabel;
import javax.swing.JTabbedPane;
import java.awt.Point;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Names from a trace are never HTML: a trace whose thread, method, message and view names are
 * {@code <html><img src=http://127.0.0.1:PORT/…>} is opened and every tab shown, and a local
 * listener checks that nothing tried to fetch the image. A plain JLabel given the same text first
 * proves that the listener would see the fetch.
 */
@Tag("gui")
class PlainTextRobotTest extends ExplorerRobotBase {
    private ServerSocket listener;
    private final AtomicInteger requests = new AtomicInteger();
    private Thread acceptor;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            while (!listener.isClosed()) {
                try (Socket s = listener.accept()) {
                    requests.incrementAndGet();
                } catch (SocketException closed) {
                    return;
                } catch (IOException e) {
                    requests.incrementAndGet();
                }
            }
        }, "html-fetch-listener");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stopListening() throws Exception {
        listener.close();
        acceptor.join(5_000);
    }

    private String html(String what) {
        return "<html><img src='http://127.0.0.1:" + listener.getLocalPort() + "/" + what + ".png'>" + what;
    }

    /** An agent log shaped like the format's own example, with HTML in every name a user sees. */
    private Path hostileTrace() throws IOException {
        String main = html("mainThread");
        String worker = html("worker");
        String lines = String.join("\n",
                "{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}",
                "{\"kind\":\"THREAD\",\"tid\":1,\"name\":\"" + main + "\",\"main\":true}",
                "{\"kind\":\"THREAD\",\"tid\":12,\"name\":\"" + worker + "\"}",
                "{\"ts\":1000000,\"tid\":1,\"kind\":\"USER_INPUT\",\"ph\":\"B\",\"name\":\"onClick\",\"view\":\"" + html("button") + "\"}",
                "{\"ts\":1100000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"B\",\"name\":\"" + html("clickMethod") + "\"}",
                "{\"ts\":1200000,\"tid\":1,\"kind\":\"SEND_MSG\",\"obj\":\"task@51\",\"via\":\"asynctask\",\"target_tid\":12}",
                "{\"ts\":1250000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"E\"}",
                "{\"ts\":1300000,\"tid\":1,\"kind\":\"USER_INPUT\",\"ph\":\"E\"}",
                "{\"ts\":1400000,\"tid\":12,\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":\"task@51\",\"name\":\"" + html("doInBackground") + "\"}",
                "{\"ts\":1450000,\"tid\":12,\"kind\":\"METHOD\",\"ph\":\"B\",\"name\":\"" + html("com.example.Loader.load") + "\"}",
                "{\"ts\":1500000,\"tid\":12,\"kind\":\"RECV\",\"ph\":\"B\",\"bytes\":48213,\"host\":\"" + html("host") + "\"}",
                "{\"ts\":91500000,\"tid\":12,\"kind\":\"RECV\",\"ph\":\"E\"}",
                "{\"ts\":91550000,\"tid\":12,\"kind\":\"METHOD\",\"ph\":\"E\"}",
                "{\"ts\":91600000,\"tid\":12,\"kind\":\"SEND_MSG\",\"obj\":\"msg@77\",\"via\":\"handler\",\"target_tid\":1}",
                "{\"ts\":91700000,\"tid\":12,\"kind\":\"DISPATCH_MSG\",\"ph\":\"E\"}",
                "{\"ts\":92000000,\"tid\":1,\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":\"msg@77\",\"name\":\"" + html("onPostExecute") + "\"}",
                "{\"ts\":92100000,\"tid\":1,\"kind\":\"INVALIDATE\",\"view\":\"" + html("list") + "\"}",
                "{\"ts\":92300000,\"tid\":1,\"kind\":\"DISPATCH_MSG\",\"ph\":\"E\"}",
                "{\"ts\":99000000,\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"B\",\"view\":\"" + html("list") + "\"}",
                "{\"ts\":104000000,\"tid\":1,\"kind\":\"DRAW\",\"ph\":\"E\"}") + "\n";
        Path file = dir.resolve("hostile.jsonl");
        Files.writeString(file, lines);
        return file;
    }

    /** Lets Swing's image fetcher run: HTML images load asynchronously after the view is built. */
    private void settle() {
        robot.waitForIdle();
        org.assertj.swing.timing.Pause.pause(400);
        robot.waitForIdle();
    }

    @Test
    void htmlNamesFromATraceFetchNothingInAnyTab() throws Exception {
        // the detector works: a label that does render HTML makes a request
        GuiActionRunner.execute(() -> new JLabel(html("control")).getPreferredSize());
        waitFor("the control label fetched its image", () -> requests.get() > 0);
        requests.set(0);

        GuiActionRunner.execute(() -> frame.open(hostileTrace()));
        waitFor("a response with its critical path", () -> frame.responseModel().selectedResponse() != null
                && frame.responseModel().path() != null && frame.timeline().frame() != null);
        settle();
        assertThat(requests.get()).as("requests after opening").isZero();

        JTabbedPaneFixture tabs = window.tabbedPane(new GenericTypeMatcher<>(JTabbedPane.class) {
            @Override
            protected boolean isMatching(JTabbedPane t) {
                return t.indexOfTab("Critical path") >= 0;
            }
        });
        String[] titles = GuiActionRunner.execute(() -> {
            JTabbedPane t = tabs.target();
            String[] out = new String[t.getTabCount()];
            for (int i = 0; i < out.length; i++) {
                out[i] = t.getTitleAt(i);
            }
            return out;
        });
        assertThat(titles).contains("Details", "Critical path", "Findings", "What-if", "Profile", "Call graph");
        // select a slice first, so the details tab describes it
        SliceRef slice = GuiActionRunner.execute(() -> frame.responseModel().path().segments().stream()
                .filter(s -> s.call() != null).findFirst().orElseThrow().call());
        GuiActionRunner.execute(() -> frame.timeline().select(slice));
        ProfilePanel profile = robot.finder().findByType(frame, ProfilePanel.class, false);
        CallGraphPanel graph = robot.finder().findByType(frame, CallGraphPanel.class, false);
        for (String title : titles) {
            tabs.selectTab(title);
            waitFor("the " + title + " tab computed", () -> !profile.isBusy() && !graph.isBusy());
            settle();
            assertThat(requests.get()).as("requests after showing the %s tab", title).isZero();
        }
        tabs.selectTab("Details");
        window.textBox("details").requireText(java.util.regex.Pattern.compile("(?s).*&lt;img src=.*"));

        // the slice's tooltip shows the name as text
        Point p = GuiActionRunner.execute(() -> {
            var items = frame.timeline().frame().items();
            for (int i = 0; i < items.size(); i++) {
                if (!items.isFold(i) && items.thread(i) == slice.thread() && items.call(i) == slice.call()) {
                    return new Point((int) (items.x(i) + items.width(i) / 2), items.y(i) + items.height(i) / 2);
                }
            }
            return null;
        });
        assertThat(p).as("the selected slice is painted").isNotNull();
        String tip = GuiActionRunner.execute(() -> frame.timeline().getToolTipText(new java.awt.event.MouseEvent(
                frame.timeline(), 0, 0, 0, p.x, p.y, 0, false)));
        assertThat(tip).contains("&lt;img");
        GuiActionRunner.execute(() -> {
            javax.swing.JToolTip t = frame.timeline().createToolTip();
            t.setTipText(tip);
            return t.getPreferredSize();
        });
        settle();
        assertThat(requests.get()).as("requests after the slice tooltip").isZero();

        // the thread lane's context menu lists hidden threads by name
        Point header = GuiActionRunner.execute(() -> {
            var box = frame.timeline().frame().boxes().get(0);
            return new Point(40, box.y() + 4);
        });
        robot.click(frame.timeline(), header, MouseButton.RIGHT_BUTTON, 1);
        new JPopupMenuFixture(robot, robot.findActivePopupMenu()).menuItemWithPath("Hide thread").click();
        robot.click(frame.timeline(), header, MouseButton.RIGHT_BUTTON, 1);
        JPopupMenuFixture menu = new JPopupMenuFixture(robot, robot.findActivePopupMenu());
        menu.menuItemWithPath("Show hidden threads").click();
        settle();
        assertThat(requests.get()).as("requests after listing hidden threads").isZero();
        robot.pressAndReleaseKey(java.awt.event.KeyEvent.VK_ESCAPE);
        robot.pressAndReleaseKey(java.awt.event.KeyEvent.VK_ESCAPE);
    }
}
