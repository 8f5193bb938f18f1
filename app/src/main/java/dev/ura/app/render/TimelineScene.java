package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a timeline picture depends on: the indexed trace, the time axis, the lane layout,
 * sizes, colours, the vertical scroll, the selection, search matches and overlays. The window
 * keeps one and mutates it on the EDT; an export builds its own.
 */
public final class TimelineScene {
    private final TraceIndex index;
    private final TimeAxis axis = new TimeAxis();
    private final LaneLayout layout;
    private Metrics metrics = Metrics.at(1);
    private Palette palette = Palette.LIGHT;
    private SliceColors colors;
    private int scrollY;
    private SliceRef selection;
    private boolean[] matches;
    private ArrowToggles arrows = ArrowToggles.ALL;
    private final List<TimelineOverlay> overlays = new ArrayList<>();

    public TimelineScene(TraceIndex index) {
        this(index, new LaneLayout(index.defaultOrder()), SliceColors.of(index.trace().methods(), Palette.LIGHT));
    }

    private TimelineScene(TraceIndex index, LaneLayout layout, SliceColors colors) {
        this.index = index;
        this.layout = layout;
        this.colors = colors;
    }

    /**
     * A copy showing the same time range, lanes, selection, matches and overlays, whose axis and
     * layout can change without touching this one (exports paint at their own size). Overlays are
     * taken {@link TimelineOverlay#forExport as they are now}, so the copy may be painted on
     * another thread while the window goes on changing and painting this scene.
     */
    public TimelineScene copy() {
        TimelineScene c = new TimelineScene(index, layout.copy(), colors);
        c.axis.setWidthPx(axis.widthPx());
        c.axis.fit(axis.startNs(), axis.endNs(), 0);
        c.metrics = metrics;
        c.palette = palette;
        c.scrollY = scrollY;
        c.selection = selection;
        c.matches = matches;
        c.arrows = arrows;
        for (TimelineOverlay o : overlays) {
            c.overlays.add(o.forExport());
        }
        return c;
    }

    public TraceIndex index() {
        return index;
    }

    public TimeAxis axis() {
        return axis;
    }

    public LaneLayout layout() {
        return layout;
    }

    public Metrics metrics() {
        return metrics;
    }

    public void setMetrics(Metrics metrics) {
        this.metrics = metrics;
    }

    public Palette palette() {
        return palette;
    }

    public SliceColors colors() {
        return colors;
    }

    /** Slice colours of this scene only (an export's copy resolving its legend's colours). */
    void setColors(SliceColors c) {
        colors = c;
    }

    /** Changes colours; slice colours switch between the light and the dark set as needed. */
    public void setPalette(Palette p) {
        if (p.dark() != palette.dark() || !p.fold().equals(palette.fold())) {
            colors = SliceColors.of(index.trace().methods(), p);
        }
        palette = p;
    }

    public int scrollY() {
        return scrollY;
    }

    public void setScrollY(int y) {
        scrollY = Math.max(0, y);
    }

    public SliceRef selection() {
        return selection;
    }

    public void setSelection(SliceRef s) {
        selection = s;
    }

    /** Per method index: whether it matches the search, or {@code null} when nothing is searched. */
    public boolean[] matches() {
        return matches;
    }

    public void setMatches(boolean[] m) {
        matches = m;
    }

    /** Which arrows overlays draw. */
    public ArrowToggles arrows() {
        return arrows;
    }

    public void setArrows(ArrowToggles a) {
        arrows = a;
    }

    /** Overlays, painted in order (mutable list). */
    public List<TimelineOverlay> overlays() {
        return overlays;
    }
}
