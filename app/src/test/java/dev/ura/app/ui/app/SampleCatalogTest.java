package dev.ura.app.ui.app;

import dev.ura.samples.Samples;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SampleCatalogTest {

    @Test
    void listsTheCaseStudiesInCatalogOrderWithTheDefaultFirst() {
        assertThat(SampleCatalog.list()).first().isEqualTo(Samples.DEFAULT_RESOURCE);
        assertThat(SampleCatalog.list()).containsSubsequence(Samples.all().stream().map(Samples.Sample::resource).toList());
        assertThat(SampleCatalog.list()).contains("/samples/system/feed-tap.perfetto-trace");
        assertThat(SampleCatalog.list()).noneMatch(n -> n.startsWith("/samples/expected/") || n.endsWith("catalog.json"));
    }

    @Test
    void everyEntryIsABundledFileWithATitleAndDescription() {
        assertThat(SampleCatalog.entries()).hasSizeGreaterThan(Samples.all().size()).allSatisfy(e -> {
            assertThat(SampleCatalog.class.getResource(e.resource())).as(e.resource()).isNotNull();
            assertThat(e.title()).isNotBlank();
            assertThat(e.description()).isNotBlank();
        });
        assertThat(SampleCatalog.entries().get(0).description()).contains("deferring the write");
    }
}
