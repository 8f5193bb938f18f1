package dev.ura.app.analysis.regression;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Segment;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ura.app.analysis.regression.SegmentChange.Kind.APPEARED;
import static dev.ura.app.analysis.regression.SegmentChange.Kind.GREW;
import static dev.ura.app.analysis.regression.SegmentChange.Kind.SAME;
import static dev.ura.app.analysis.regression.SegmentChange.Kind.SHRANK;
import static dev.ura.app.analysis.regression.SegmentChange.Kind.VANISHED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class CriticalPathDiffTest {
    private static final long MS = 1_000_000;

    /** A path of back-to-back segments: "thread/name=ms" items. */
    private static List<Segment> path(String... items) {
        List<Segment> out = new ArrayList<>();
        long t = 0;
        for (String item : items) {
            String[] tn = item.split("/");
            String[] nd = tn[1].split("=");
            long d = Long.parseLong(nd[1]) * MS;
            out.add(new Segment(out.size(), 0, tn[0], nd[0], t, t + d, Category.CPU, null, 0, null));
            t += d;
        }
        return out;
    }

    @Test
    void grewShrankAppearedVanishedInPathOrder() {
        CriticalPathDiff d = CriticalPathDiff.compare(
                path("main/onClick=10", "main/query=30", "bg/load=50", "main/draw=8"),
                path("main/onClick=10", "bg/load=80", "bg/parse=20", "main/draw=5"));
        assertThat(d.changes()).extracting(SegmentChange::thread, SegmentChange::name, SegmentChange::kind,
                SegmentChange::deltaNs).containsExactly(
                tuple("main", "onClick", SAME, 0L),
                tuple("main", "query", VANISHED, -30 * MS),
                tuple("bg", "load", GREW, 30 * MS),
                tuple("bg", "parse", APPEARED, 20 * MS),
                tuple("main", "draw", SHRANK, -3 * MS));
        assertThat(d.beforeNs()).isEqualTo(98 * MS);
        assertThat(d.afterNs()).isEqualTo(115 * MS);
        assertThat(d.deltaNs()).isEqualTo(17 * MS);
        assertThat(d.changes().stream().mapToLong(SegmentChange::deltaNs).sum()).isEqualTo(d.deltaNs());
        assertThat(d.of(GREW)).extracting(SegmentChange::name).containsExactly("load");
    }

    @Test
    void repeatsPairUpByOccurrence() {
        CriticalPathDiff d = CriticalPathDiff.compare(
                path("main/bind=5", "bg/io=10", "main/bind=7"),
                path("main/bind=6", "bg/io=10", "main/bind=7", "main/bind=2"));
        assertThat(d.changes()).extracting(SegmentChange::name, SegmentChange::occurrence, SegmentChange::kind,
                SegmentChange::beforeNs, SegmentChange::afterNs).containsExactly(
                tuple("bind", 0, GREW, 5 * MS, 6 * MS),
                tuple("io", 0, SAME, 10 * MS, 10 * MS),
                tuple("bind", 1, SAME, 7 * MS, 7 * MS),
                tuple("bind", 2, APPEARED, 0L, 2 * MS));
    }

    @Test
    void sameNameOnAnotherThreadIsAnotherSegment() {
        CriticalPathDiff d = CriticalPathDiff.compare(path("main/work=5"), path("bg/work=5"));
        assertThat(d.changes()).extracting(SegmentChange::thread, SegmentChange::kind)
                .containsExactly(tuple("main", VANISHED), tuple("bg", APPEARED));
    }

    @Test
    void reorderedSegmentsStillMatch() {
        CriticalPathDiff d = CriticalPathDiff.compare(path("a/x=1", "a/y=2", "a/z=3"), path("a/z=3", "a/x=1", "a/y=4"));
        assertThat(d.changes()).extracting(SegmentChange::name, SegmentChange::kind)
                .containsExactly(tuple("z", SAME), tuple("x", SAME), tuple("y", GREW));
    }

    @Test
    void toleranceTurnsSmallDifferencesIntoSame() {
        CriticalPathDiff d = CriticalPathDiff.compare(path("a/x=10"), path("a/x=11"), MS);
        assertThat(d.changes()).extracting(SegmentChange::kind).containsExactly(SAME);
        assertThat(CriticalPathDiff.compare(List.of(), List.of()).changes()).isEmpty();
    }
}
