package dev.ura.app.ui.profile;

import dev.ura.app.analysis.callgraph.GraphvizRunner;
import dev.ura.app.analysis.profile.ProfileNode;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import javax.swing.JComponent;
import javax.swing.SwingUtilities;
import java.awt.image.BufferedImage;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** Headless component tests: the panels compute off the EDT, then show and paint the result. */
class ProfileViewsTest {
    private static Trace trace() {
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        int w = f.thread(2, "worker");
        f.enter(t, "app.Main.main", 0)
                .enter(t, "app.M.fib", 10).call(t, "app.M.fib", 20, 50).exit(t, 60)
                .call(t, "std::vector<int>::push_back(int&&)", 70, 90)
                .exit(t, 100);
        f.enter(w, "app.W.run", 0).call(w, "app.M.leaf", 1, 2).call(w, "app.M.leaf", 3, 4).exit(w, 10);
        return f.build();
    }

    static <T> T onEdt(Callable<T> c) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        AtomicReference<Exception> err = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                out.set(c.call());
            } catch (Exception e) {
                err.set(e);
            }
        });
        if (err.get() != null) {
            throw err.get();
        }
        return out.get();
    }

    static void awaitIdle(Callable<Boolean> busy) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (onEdt(busy)) {
            assertThat(System.nanoTime()).as("worker finished").isLessThan(deadline);
            Thread.sleep(20);
        }
        onEdt(() -> null); // let done() run
    }

    static BufferedImage paint(JComponent c) throws Exception {
        return onEdt(() -> {
            c.setSize(c.getPreferredSize().width < 50 ? 800 : c.getPreferredSize().width,
                    c.getPreferredSize().height < 50 ? 600 : c.getPreferredSize().height);
            c.doLayout();
            BufferedImage img = new BufferedImage(c.getWidth(), c.getHeight(), BufferedImage.TYPE_INT_RGB);
            c.paint(img.getGraphics());
            return img;
        });
    }

    static int distinctColours(BufferedImage img) {
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                colours.add(img.getRGB(x, y));
            }
        }
        return colours.size();
    }

    @Test
    void profilePanelShowsTableAndTreesAndFollowsThreadAndRange() throws Exception {
        ProfilePanel p = onEdt(() -> new ProfilePanel(trace()));
        awaitIdle(p::isBusy);
        assertThat(onEdt(() -> p.profile().rows().size())).isEqualTo(5);
        ProfileNode root = onEdt(() -> p.profile().topDown());
        assertThat(root.children()).extracting(ProfileNode::name).containsExactly("main", "worker");

        onEdt(() -> {
            p.setThread("worker");
            return null;
        });
        awaitIdle(p::isBusy);
        assertThat(onEdt(() -> p.profile().rows())).extracting(r -> r.name()).containsExactly("app.W.run", "app.M.leaf");

        onEdt(() -> {
            p.setThread(null);
            p.setRange(60, 100);
            return null;
        });
        awaitIdle(p::isBusy);
        assertThat(onEdt(() -> p.profile().rows())).extracting(r -> r.name())
                .containsExactly("app.Main.main", "std::vector<int>::push_back(int&&)");
        assertThat(distinctColours(paint(p))).isGreaterThan(3);
    }

    @Test
    void callGraphPanelFallsBackToTheBuiltInLayoutWithANote() throws Exception {
        CallGraphPanel p = onEdt(() -> new CallGraphPanel(new GraphvizRunner("/nonexistent/dot")));
        onEdt(() -> {
            p.setTrace(trace());
            return null;
        });
        awaitIdle(p::isBusy);
        assertThat(onEdt(p::note)).contains("Graphviz dot not found").contains("built-in layered layout")
                .contains("5 methods, 4 edges");
        assertThat(onEdt(p::isBuiltInDrawing)).isTrue();
        JComponent canvas = onEdt(() -> (JComponent) find(p, "callGraphCanvas"));
        assertThat(distinctColours(paint(canvas))).isGreaterThan(5);
    }

    @Test
    void callGraphPanelUsesGraphvizWhenInstalled() throws Exception {
        Assumptions.assumeTrue(GraphvizRunner.standard().version() != null, "graphviz dot not installed");
        CallGraphPanel p = onEdt(() -> new CallGraphPanel(trace()));
        awaitIdle(p::isBusy);
        assertThat(onEdt(p::note)).startsWith("Layout: Graphviz (dot");
        assertThat(onEdt(p::isGraphvizDrawing)).isTrue();
        onEdt(() -> {
            p.setThread("worker");
            return null;
        });
        awaitIdle(p::isBusy);
        assertThat(onEdt(p::note)).contains("2 methods, 1 edges");
    }

    private static java.awt.Component find(java.awt.Container c, String name) {
        for (java.awt.Component k : c.getComponents()) {
            if (name.equals(k.getName())) {
                return k;
            }
            if (k instanceof java.awt.Container kc) {
                java.awt.Component f = find(kc, name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }
}
