package dev.ura.app.cli.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bench cli --flags launcher} times the options the package really gives its launcher. */
class LauncherOptionsTest {
    @Test
    void benchTimesThePackagedLauncherOptions() throws Exception {
        String script = Files.readString(Path.of("../app/src/dist/package.sh"));
        Matcher m = Pattern.compile("--java-options '([^']*)'").matcher(script);
        List<String> packaged = new ArrayList<>();
        while (m.find()) {
            if (!m.group(1).startsWith("-XX:SharedArchiveFile=")) { // bench makes its own archive
                packaged.add(m.group(1));
            }
        }
        assertThat(packaged).contains("-XX:CompileThresholdScaling=5");
        assertThat(List.of(BenchCliCommand.LAUNCHER_OPTIONS.split(" "))).containsExactlyInAnyOrderElementsOf(packaged);
    }

    @Test
    void benchAddsTheInstalledScriptsShortCommandOptions() throws Exception {
        String script = Files.readString(Path.of("../app/src/dist/linux/cli-script.sh"));
        assertThat(script).contains("info_options='" + BenchCliCommand.INFO_OPTIONS + "'")
                .contains("analyze_options='" + BenchCliCommand.ANALYZE_OPTIONS + "'")
                .contains("info) short='$info_options' archive=-XX:SharedArchiveFile=\\$image/lib/app/ura-info.jsa ;;")
                .contains("analyze) short='$analyze_options' ;;");
        assertThat(BenchCliCommand.installedOptions("info")).isEqualTo(BenchCliCommand.INFO_OPTIONS);
        assertThat(BenchCliCommand.installedOptions("analyze")).isEqualTo(BenchCliCommand.ANALYZE_OPTIONS);
        assertThat(BenchCliCommand.installedOptions("profile")).isEmpty();
    }
}
