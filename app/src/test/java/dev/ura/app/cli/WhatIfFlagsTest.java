package dev.ura.app.cli;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WhatIfFlagsTest {
    private final CommandLine cl = UraCommand.commandLine(new PrintWriter(new StringWriter()),
            new PrintWriter(new StringWriter()));

    @Test
    void keepsTheOrderTheFlagsWereGivenIn() {
        Scenario s = WhatIfFlags.scenario(cl, List.of("analyze", "f.trace", "--speedup", "RECV=4", "--json",
                "--defer=WRITE", "--parallel", "DISPATCH_MSG:doInBackground", "--speedup=a.B.c=2.5"));

        assertThat(s.changes()).containsExactly(
                new Change.SpeedUp(new SliceSelector.ByName("RECV"), 4),
                new Change.Defer(new SliceSelector.ByName("WRITE")),
                new Change.RunInParallel(new SliceSelector.ByName("DISPATCH_MSG:doInBackground")),
                new Change.SpeedUp(new SliceSelector.ByName("a.B.c"), 2.5));
    }

    @Test
    void noFlagsIsTheBaseline() {
        assertThat(WhatIfFlags.scenario(cl, List.of("analyze", "f.trace", "--json")).isEmpty()).isTrue();
    }

    @Test
    void aSpeedUpNeedsAPositiveFactor() {
        for (String bad : List.of("RECV", "RECV=", "=2", "RECV=0", "RECV=-1", "RECV=fast", "RECV=Infinity")) {
            assertThatThrownBy(() -> WhatIfFlags.scenario(cl, List.of("--speedup", bad)))
                    .as(bad).isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("PATTERN=FACTOR");
        }
    }

    @Test
    void aBadSpeedUpExitsWithUsage() {
        AnalyzeCommandTest.Run r = AnalyzeCommandTest.run("analyze", "x.trace", "--speedup", "RECV=0");

        assertThat(r.exit()).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(r.err()).contains("--speedup wants PATTERN=FACTOR").contains("Usage: ura analyze");
    }

    @Test
    void theStoredTextNamesEveryFlagKindInOrder() {
        // batch stores this as runs.scenario: --side-by-side was left out before it was a batch flag
        assertThat(WhatIfFlags.text(List.of("batch", "lab", "--side-by-side=*fetchThumbnail", "--store", "s",
                "--defer", "WRITE", "--", "--parallel", "x"))).isEqualTo("--side-by-side *fetchThumbnail --defer WRITE");
        assertThat(WhatIfFlags.text(List.of("batch", "lab", "--store", "s"))).isNull();
    }
}
