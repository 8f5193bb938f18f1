package dev.ura.app.samples;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.ura.samples.Samples;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden test: the analysis of every bundled sample equals its checked-in expected document in
 * {@code sample-traces/expected/<file>.json}. After an intended change of the engine, rewrite them
 * with {@code -Dura.golden.rewrite=true} and review the diff.
 */
class SampleGoldenTest {
    private static final ObjectWriter JSON = new ObjectMapper().writer(
            new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

    @Test
    void analysesMatchTheGoldenFiles() throws IOException {
        boolean rewrite = Boolean.getBoolean("ura.golden.rewrite");
        List<String> differing = new ArrayList<>();
        for (Samples.Sample s : Samples.all()) {
            String actual = JSON.writeValueAsString(SampleSummary.of(s)) + "\n";
            Path golden = SampleRuns.MODULE.resolve("expected").resolve(s.fileName() + ".json");
            if (rewrite) {
                Files.writeString(golden, actual);
            }
            assertThat(golden).as("%s (write it with -Dura.golden.rewrite=true)", golden).exists();
            if (!Files.readString(golden).equals(actual)) {
                differing.add(s.fileName());
            }
        }
        assertThat(differing).as("analyses that differ from their golden file (rewrite with -Dura.golden.rewrite=true, review the diff)")
                .isEmpty();
    }
}
