package dev.ura.app.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A bug report as a list of blocks, written out as Markdown or HTML by {@link ReportWriters}.
 * Text in blocks is plain: the writers escape it for their format (names from a trace may hold
 * markup, and neither GitHub nor a browser should render it).
 */
public final class ReportDoc {
    /** One block of the report. */
    public sealed interface Block permits Heading, Paragraph, Table, Bullets, Image {
    }

    /** A heading of level 1..3. */
    public record Heading(int level, String text) implements Block {
    }

    /** A paragraph; {@code strong} is shown bold before the text (may be empty). */
    public record Paragraph(String strong, String text) implements Block {
    }

    /** A table; {@code align} per column: {@code 'l'} or {@code 'r'}. */
    public record Table(List<String> header, String align, List<List<String>> rows) implements Block {
        public Table {
            header = List.copyOf(header);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /** A bullet list; each item a bold lead and its text. */
    public record Bullets(List<Paragraph> items) implements Block {
        public Bullets {
            items = List.copyOf(items);
        }
    }

    /** The picture: a file name for Markdown, the PNG's bytes for HTML (embedded). */
    public record Image(String alt, String file, byte[] png) implements Block {
    }

    private final List<Block> blocks = new ArrayList<>();

    public ReportDoc add(Block b) {
        blocks.add(b);
        return this;
    }

    public List<Block> blocks() {
        return List.copyOf(blocks);
    }
}
