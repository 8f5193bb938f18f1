package dev.ura.app.ui.app;

import dev.ura.samples.Samples;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SampleCatalogTest {

    @Test
    void listsTheCaseStudiesInCatalogOrderWithTheDefaultFirst() {
        assertThat(SampleCatalog.list()).first().isEqualTo(Samples.DEFAULT_RESOURCE);
        assertThat(SampleCatalog.list()).containsSubsequence(Samples.all().stream().map(Samples.Sample::resource).toList());
        assertThat(SampleCatalog.list()).noneMatch(n -> n.startsWith("/samples/expected/"));
    }
}
