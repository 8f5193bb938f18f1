package dev.ura.trace.util;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 23 item 8 for error lines: bidi controls in a quoted name are shown, not obeyed. */
class OneLineBidiTest {
    @Test
    void bidiControlsAreEscaped() {
        assertThat(OneLine.of("a\u202eb\u202ac\u2066d\u2069e")).isEqualTo("a\\u202eb\\u202ac\\u2066d\\u2069e");
        assertThat(OneLine.of("EVIL\rSAFE\u2028")).isEqualTo("EVIL\\rSAFE\\u2028");
        assertThat(OneLine.of("Ärger → ok")).isEqualTo("Ärger → ok");
    }
}
