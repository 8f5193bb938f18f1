package dev.ura.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.whatif.DurationRangeRulesTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze} prints and writes an estimate's assumption and range (docs/cli.md, "Assumption
 * and range"), on the docs/what-if.md example whose numbers {@link DurationRangeRulesTest} works out.
 */
class WhatIfRangeCliTest {

    @Test
    void jsonAndTextCarryTheAssumptionAndTheRange(@TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("thumbs.jsonl"), DurationRangeRulesTest.thumbnails(6, 12, 12));

        WhatIfPatternCliTest.Run json = WhatIfPatternCliTest.run("analyze", log.toString(), "--json", "--parallel", "*loadThumbs");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode whatIf = new ObjectMapper().readTree(json.out()).path("responses").get(0).path("whatIf");
        assertThat(whatIf.path("estimatedDurationNs").asLong()).isEqualTo(41_000_000L);
        assertThat(whatIf.path("assumption").asText()).startsWith("moved work keeps its recorded duration");
        assertThat(whatIf.path("range").path("lowDurationNs").asLong()).isEqualTo(29_000_000L);
        assertThat(whatIf.path("range").path("highDurationNs").asLong()).isEqualTo(47_000_000L);

        WhatIfPatternCliTest.Run text = WhatIfPatternCliTest.run("analyze", log.toString(), "--parallel", "*loadThumbs");
        assertThat(text.out()).contains("    range: 29.0 ms–47.0 ms (3 × RECV b 100 B moved, the same work took"
                + " 6.0 ms–12.0 ms in this trace (3 times))")
                .contains("    assumes: moved work keeps its recorded duration (the range takes");

        // without a range the JSON has no "range" and the assumption says why
        WhatIfPatternCliTest.Run defer = WhatIfPatternCliTest.run("analyze", log.toString(), "--json", "--defer", "*loadThumbs");
        JsonNode d = new ObjectMapper().readTree(defer.out()).path("responses").get(0).path("whatIf");
        assertThat(d.has("range")).isFalse();
        assertThat(d.path("assumption").asText()).startsWith("deferred work takes no time in the response");
    }
}
