package dev.ura.app.ui.response;

import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileRow;
import dev.ura.app.analysis.profile.SliceRunningTime;

import dev.ura.app.ui.Background;
import dev.ura.app.ui.ChartStyle;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.render.CategoryColors;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.Trace;
import org.jfree.data.category.DefaultCategoryDataset;

import javax.swing.JPanel;
import java.awt.Color;
import java.awt.GridLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statistics of the selected response: time by thread and by category on its critical path, and
 * the methods with the most self time inside its window (all threads); on a system trace, the
 * slices whose own code ran longest on a CPU in it.
 */
public final class StatsPanel extends JPanel {
    private static final int TOP = 8;
    private final ResponseModel model;
    private final DefaultCategoryDataset byThread = new DefaultCategoryDataset();
    private final DefaultCategoryDataset byCategory = new DefaultCategoryDataset();
    private final DefaultCategoryDataset topMethods = new DefaultCategoryDataset();
    private CriticalPath shown;
    private final org.jfree.chart.ChartPanel topChart;
    private static final String METHODS_TITLE = "Top methods (self time in response)";
    private static final String SLICES_TITLE = "Top slices (running time in response)";

    public StatsPanel(ResponseModel model) {
        super(new GridLayout(1, 3));
        this.model = model;
        add(ChartStyle.barChart("Critical path by thread", "ms", byThread));
        add(ChartStyle.barChart("Critical path by category", "ms", byCategory, StatsPanel::categoryColour));
        topChart = ChartStyle.barChart(METHODS_TITLE, "ms", topMethods);
        add(topChart);
        model.addListener(this::refresh);
    }

    private void refresh() {
        CriticalPath p = model.path();
        if (p == shown) {
            return;
        }
        shown = p;
        byThread.clear();
        byCategory.clear();
        topMethods.clear();
        if (p == null) {
            return;
        }
        Map<String, Long> threads = new LinkedHashMap<>();
        Map<String, Long> categories = new LinkedHashMap<>();
        for (Segment s : p.segments()) {
            threads.merge(s.threadName(), s.durationNs(), Long::sum);
            categories.merge(s.category().label(), s.durationNs(), Long::sum);
        }
        fill(byThread, threads);
        fill(byCategory, categories);
        Response r = model.selectedResponse();
        Trace trace = model.loaded().trace();
        boolean system = trace.system().present();
        // a system slice's wall self time includes its thread's sleeps (locks, binder, disk): not work
        topChart.getChart().setTitle(system ? SLICES_TITLE : METHODS_TITLE);
        ChartStyle.restyleTitle(topChart.getChart());
        Background.run(() -> system ? SliceRunningTime.byName(trace, r.startNs(), r.endNs())
                : selfTimes(trace, r.startNs(), r.endNs()), m -> {
            if (shown == p) {
                fill(topMethods, m);
            }
        }, e -> topMethods.clear());
    }

    /** A category's bar in its path colour (runnable light green, I/O orange, ...). */
    static Color categoryColour(String label) {
        for (Category c : Category.values()) {
            if (c.label().equals(label)) {
                return CategoryColors.of(c);
            }
        }
        return null;
    }

    private static void fill(DefaultCategoryDataset d, Map<String, Long> values) {
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(values.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        for (Map.Entry<String, Long> e : sorted.subList(0, Math.min(TOP, sorted.size()))) {
            d.addValue(e.getValue() / 1e6, "time", e.getKey());
        }
    }

    /**
     * Self time per method name (class.method), clipped to {@code [a, b]}, over all threads: the
     * engine's profile of that window, so idle calls (parked, sleeping, polling) are not counted.
     */
    static Map<String, Long> selfTimes(Trace trace, long a, long b) {
        Profile profile = TraceSession.flatProfile(trace, CallScope.all().within(a, b));
        Map<String, Long> out = new LinkedHashMap<>();
        for (ProfileRow r : profile.rows()) {
            if (r.exclusiveNs() <= 0) {
                continue;
            }
            if (r.isBlock()) {
                out.merge(r.name(), r.exclusiveNs(), Long::sum);
                continue;
            }
            var info = trace.methods().get(r.method());
            String cls = info.className();
            String simple = cls.substring(cls.lastIndexOf('.') + 1);
            out.merge(simple.isEmpty() ? info.name() : simple + "." + info.name(), r.exclusiveNs(), Long::sum);
        }
        return out;
    }
}
