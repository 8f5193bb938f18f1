package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Segment;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PathRowsTest {
    private static Segment seg(int id, String thread, String name, long start, long end, Category c, LinkKind via) {
        return new Segment(id, 0, thread, name, start, end, c, via, 0, null);
    }

    @Test
    void repeatsSeparatedByNegligibleStepsFoldIntoOneRowWithACount() {
        List<Segment> path = List.of(
                seg(0, "worker", "Parser.parse", 0, 1_000_000, Category.CPU, null),
                seg(1, "worker", "Socket.read", 1_000_000, 3_000_000, Category.NETWORK, LinkKind.PROGRAM_ORDER),
                seg(2, "worker", "Source.read", 3_000_000, 3_010_000, Category.CPU, LinkKind.PROGRAM_ORDER),
                seg(3, "worker", "Socket.read", 3_010_000, 5_000_000, Category.NETWORK, LinkKind.PROGRAM_ORDER),
                seg(4, "main", "Adapter.bind", 5_000_000, 6_000_000, Category.CPU, LinkKind.FIFO));

        List<PathRows.Row> rows = PathRows.of(path);

        assertThat(rows).extracting(PathRows.Row::label)
                .containsExactly("Parser.parse", "Socket.read ×2", "Adapter.bind");
        assertThat(rows.get(1).startNs()).isEqualTo(1_000_000);
        assertThat(rows.get(1).durationNs()).isEqualTo(4_000_000);
        assertThat(rows.get(1).first()).isEqualTo(1);
        assertThat(rows.get(1).last()).isEqualTo(3);
        assertThat(rows.get(2).first()).isEqualTo(4);
        assertThat(rows.get(2).last()).isEqualTo(4);
    }

    @Test
    void aLinkFromAnotherThreadOrRealWorkStartsANewRow() {
        List<Segment> path = List.of(
                seg(0, "worker", "Socket.read", 0, 1_000_000, Category.NETWORK, null),
                seg(1, "worker", "Parser.parse", 1_000_000, 2_000_000, Category.CPU, LinkKind.PROGRAM_ORDER),
                seg(2, "worker", "Socket.read", 2_000_000, 3_000_000, Category.NETWORK, LinkKind.PROGRAM_ORDER),
                seg(3, "worker", "Socket.read", 3_000_000, 4_000_000, Category.NETWORK, LinkKind.AFFINITY));

        assertThat(PathRows.of(path)).extracting(PathRows.Row::label)
                .containsExactly("Socket.read", "Parser.parse", "Socket.read", "Socket.read");
    }
}
