package dev.ura.app.analysis.events;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GlobTest {
    @Test
    void matchesLikeTheRegexItReplaces() {
        String[] globs = {"a.B.c", "*.run", "com.mopub.*", "*.AdView.loadAd", "a*b*c", "*", "x**y", "ab*ab"};
        String[] names = {"a.B.c", "a.B.cd", "x.Y.run", "run", ".run", "com.mopub.X.y", "com.mopub", "q.AdView.loadAd",
                "abc", "aXbYc", "ac", "acb", "", "xy", "x-y", "ab", "abab", "abXab", "aba"};
        for (String g : globs) {
            Glob glob = Glob.anyOf(List.of(g));
            String regex = ("\\Q" + g + "\\E").replace("*", "\\E.*\\Q");
            for (String n : names) {
                assertThat(glob.matches(n)).as(g + " ~ " + n).isEqualTo(n.matches(regex));
            }
        }
    }

    @Test
    void anEmptySetMatchesNothing() {
        assertThat(Glob.anyOf(List.of()).matches("")).isFalse();
        assertThat(Glob.anyOf(null).isEmpty()).isTrue();
    }
}
