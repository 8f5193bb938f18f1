package dev.ura.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code samples/catalog.json} is what the app reads at run time instead of the generator: it must
 * list every bundled file exactly once (and nothing else), the generated case studies first in
 * {@link Samples#all()} order with the generator's descriptions (so {@link Samples#DEFAULT_RESOURCE}
 * is the first entry, which a window opens by default), and give each file a title and a
 * description. {@code -Dura.samples.rewrite=true} rewrites the generated entries and keeps the
 * others (files not written by the generator, such as the system-trace sample, are listed by hand).
 */
class SampleCatalogFileTest {
    private static final Path SAMPLES = Path.of("").toAbsolutePath().resolve("samples");
    private static final Path CATALOG = SAMPLES.resolve("catalog.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void listsEveryBundledFileOnceAndNothingElse() throws IOException {
        rewriteIfAsked();
        List<String> listed = new ArrayList<>();
        for (JsonNode s : JSON.readTree(CATALOG.toFile()).path("samples")) {
            listed.add(s.path("file").asText());
            assertThat(s.path("title").asText()).as("title of %s", s).isNotBlank();
            assertThat(s.path("description").asText()).as("description of %s", s).isNotBlank();
        }
        assertThat(listed).as("catalog.json lists each file once").doesNotHaveDuplicates();
        assertThat(new TreeSet<>(listed)).as("catalog.json (sample-traces/samples) lists exactly the bundled files:"
                + " add an entry for a new sample, remove one for a deleted sample").isEqualTo(bundledFiles());
    }

    @Test
    void generatedSamplesComeFirstInCatalogOrderWithTheGeneratorsDescriptions() throws IOException {
        JsonNode samples = JSON.readTree(CATALOG.toFile()).path("samples");
        List<Samples.Sample> all = Samples.all();
        assertThat(samples.size()).isGreaterThanOrEqualTo(all.size());
        for (int i = 0; i < all.size(); i++) {
            Samples.Sample expected = all.get(i);
            JsonNode got = samples.get(i);
            assertThat(got.path("file").asText()).as("entry %d", i).isEqualTo(expected.fileName());
            assertThat(got.path("title").asText()).as("entry %d", i).isEqualTo(expected.name());
            assertThat(got.path("form").asText()).as("entry %d", i).isEqualTo(expected.form());
            assertThat(got.path("description").asText()).as("entry %d", i).isEqualTo(expected.description());
        }
        assertThat("/samples/" + samples.get(0).path("file").asText()).isEqualTo(Samples.DEFAULT_RESOURCE);
    }

    private static Set<String> bundledFiles() throws IOException {
        try (Stream<Path> s = Files.walk(SAMPLES)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.equals(CATALOG))
                    .map(p -> SAMPLES.relativize(p).toString().replace('\\', '/'))
                    .collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    private static void rewriteIfAsked() throws IOException {
        if (!Boolean.getBoolean("ura.samples.rewrite")) {
            return;
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("format", "ura-sample-catalog/1");
        root.put("comment", "The bundled samples the window's Samples menu lists (the first opens by default)."
                + " Generated entries: SampleCatalogFileTest with -Dura.samples.rewrite=true; others by hand.");
        ArrayNode out = root.putArray("samples");
        Set<String> generated = new TreeSet<>();
        for (Samples.Sample s : Samples.all()) {
            generated.add(s.fileName());
            out.addObject().put("file", s.fileName()).put("title", s.name()).put("form", s.form())
                    .put("description", s.description());
        }
        if (Files.exists(CATALOG)) {
            for (JsonNode s : JSON.readTree(CATALOG.toFile()).path("samples")) {
                if (!generated.contains(s.path("file").asText())) {
                    out.add(s);
                }
            }
        }
        Files.writeString(CATALOG, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    }
}
