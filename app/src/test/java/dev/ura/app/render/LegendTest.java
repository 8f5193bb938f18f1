package dev.ura.app.render;

import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** An exported picture's legend: distinct colours for the keys it shows, whole names. */
class LegendTest {
    /**
     * "a".hashCode() is 97 and "q".hashCode() 113 (one char: its code), both 1 modulo 16: the two
     * packages hash to slot 1. The wider keeps it; the other takes the next free slot, 2. "b"
     * (98, slot 2) comes third and finds 2 taken, so it takes 3.
     */
    @Test
    void collidingKeysTakeTheNextFreeSlotBiggestFirst() {
        assertThat(SliceColors.slot("a")).isEqualTo(1);
        assertThat(SliceColors.slot("q")).isEqualTo(1);
        assertThat(SliceColors.slot("b")).isEqualTo(2);
        assertThat(Legend.distinctSlots(List.of("q", "a", "b"))).isEqualTo(Map.of("q", 1, "a", 2, "b", 3));
        assertThat(Legend.distinctSlots(List.of("a", "q"))).isEqualTo(Map.of("a", 1, "q", 2));
    }

    @Test
    void aPictureOfTwoCollidingPackagesPaintsAndListsThemInTwoColours() {
        // a.Big.run covers 0..800 ns, q.Small.run 800..1000: "a" is the bigger key
        Trace trace = new TinyTraces().thread("main", true).call("a.Big.run", 0, 0, 800)
                .call("q.Small.run", 0, 800, 1000).build();
        TimelineScene s = scene(trace);
        assertThat(s.colors().of(0)).as("the window's hashed colours collide").isEqualTo(s.colors().of(1));

        Legend legend = Legend.of(new TimelineRenderer().layOut(s, 800, 300));
        SliceColors colors = SliceColors.of(trace.methods(), s.palette(), legend.slots());
        List<Legend.Entry> entries = legend.entries(colors, 8);
        assertThat(entries).extracting(Legend.Entry::key).containsExactly("a", "q");
        assertThat(entries.get(0).color()).as("the bigger key keeps its hashed colour").isEqualTo(s.colors().of(0));
        assertThat(entries.get(1).color()).isNotEqualTo(entries.get(0).color());

        // the exported pixels: the middle of each slice has its legend entry's colour
        BufferedImage img = ExportPainter.image(s, new ExportHeader("t.trace", null, null, null), 800, 300);
        int headerH = ExportPainter.headerHeight(new ExportHeader("t.trace", null, null, null), s.metrics());
        int y = headerH + s.metrics().ruler() + s.metrics().header() + s.metrics().row() / 2;
        assertThat(new Color(img.getRGB(400, y))).isEqualTo(entries.get(0).color()); // 500 ns of 0..1000
        assertThat(new Color(img.getRGB(720, y))).isEqualTo(entries.get(1).color()); // 900 ns
    }

    @Test
    void systemSliceNamesShowWholeInTheLegendAndAsTheSvgTitle() {
        String name = "RV Prefetch Bind ViewHolder With Payloads"; // 41 characters: the old legend cut it at 28
        Trace trace = new TinyTraces().thread("RenderThread", true).call(name, 0, 0, 1000).build();
        String svg = ExportPainter.svg(scene(trace), new ExportHeader("s.perfetto-trace", null, null, null), 800, 300);
        assertThat(svg).contains(">" + name + "<").contains("<title>" + name + "</title>");
        assertThat(svg.split("<title>", -1)).as("one title: the label's, not every element after it").hasSize(2);
    }

    @Test
    void aNameWiderThanItsRoomIsCutInTheMiddle() {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics fm = g.getFontMetrics();
        String name = "com.example.feed.ui.adapter.FeedAdapter:onBindViewHolder with payloads";
        assertThat(ExportPainter.middle(fm, name, 10_000)).isEqualTo(name);
        String cut = ExportPainter.middle(fm, name, 200);
        assertThat(fm.stringWidth(cut)).isLessThanOrEqualTo(200);
        int dot = cut.indexOf('…');
        assertThat(dot).isPositive();
        assertThat(name).startsWith(cut.substring(0, dot)).endsWith(cut.substring(dot + 1));
        Set<Integer> lengths = new HashSet<>(List.of(cut.substring(0, dot).length(), cut.substring(dot + 1).length()));
        assertThat(lengths.stream().mapToInt(Integer::intValue).max().getAsInt()
                - lengths.stream().mapToInt(Integer::intValue).min().getAsInt()).isLessThanOrEqualTo(1);
        g.dispose();
    }

    private static TimelineScene scene(Trace trace) {
        TimelineScene s = new TimelineScene(TraceIndex.of(trace));
        s.axis().setWidthPx(800);
        s.axis().fit(0, 1000, 0);
        return s;
    }
}
