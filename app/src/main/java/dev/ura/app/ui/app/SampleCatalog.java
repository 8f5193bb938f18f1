package dev.ura.app.ui.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sample traces bundled under {@code /samples/} on the class path (from the sample-traces
 * module), as listed by {@code /samples/catalog.json}: the app needs only the files and this
 * list at run time, not the generator that wrote them (a test in sample-traces keeps the list and
 * the files in step). The first entry is the sample a window opens by default.
 */
public final class SampleCatalog {
    static final String CATALOG = "/samples/catalog.json";

    /**
     * One bundled file.
     *
     * @param resource    class-path resource, e.g. {@code /samples/news-launch.trace}
     * @param title       short name for a menu
     * @param description what it shows
     */
    public record Entry(String resource, String title, String description) {
    }

    private SampleCatalog() {
    }

    /** Resource names such as {@code /samples/news-launch.trace}, in catalogue order; empty when none is bundled. */
    static List<String> list() {
        return entries().stream().map(Entry::resource).toList();
    }

    /** The catalogue's entries whose file is bundled, in catalogue order; empty without a catalogue. */
    static List<Entry> entries() {
        try (InputStream in = SampleCatalog.class.getResourceAsStream(CATALOG)) {
            if (in == null) {
                return List.of();
            }
            JsonNode samples = new ObjectMapper().readTree(in).path("samples");
            List<Entry> out = new ArrayList<>();
            for (JsonNode s : samples) {
                String resource = "/samples/" + s.path("file").asText();
                // A catalogue names only files that ship, but a trimmed build may leave some out.
                if (!s.path("file").asText().isEmpty() && SampleCatalog.class.getResource(resource) != null) {
                    out.add(new Entry(resource, s.path("title").asText(), s.path("description").asText()));
                }
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled sample catalogue " + CATALOG, e);
        }
    }
}
