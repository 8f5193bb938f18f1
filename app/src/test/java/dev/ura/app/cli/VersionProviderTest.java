package dev.ura.app.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ura --version} names the pom's version and the commit the classes were built from. */
class VersionProviderTest {
    private static final Pattern LINE =
            Pattern.compile("ura (\\S+)(?: \\(git ([0-9a-f]{7,40})(-dirty)?, (\\d{4}-\\d{2}-\\d{2})\\))?");

    @Test
    void theBuiltVersionIsThePomsAndTheCommitIsTheCheckedOutOne() throws Exception {
        String line = new VersionProvider().getVersion()[0];
        Matcher m = LINE.matcher(line);
        assertThat(m.matches()).as(line).isTrue();
        assertThat(m.group(1)).isEqualTo(parentPomVersion());
        String head = git("rev-parse", "HEAD");
        if (head != null) { // built from a git checkout: the commit must be there, and be HEAD
            assertThat(m.group(2)).as(line).isNotNull();
            assertThat(head).startsWith(m.group(2));
            assertThat(m.group(4)).isEqualTo(git("log", "-1", "--format=%cs"));
        }
    }

    @Test
    void linesFromFilledPartlyFilledAndMissingResources() {
        assertThat(VersionProvider.line(props("version=0.1.0\nbuild=git abc1234, 2026-12-01\n")))
                .isEqualTo("ura 0.1.0 (git abc1234, 2026-12-01)");
        // Built without git: Maven leaves the placeholder, which must not reach the user.
        assertThat(VersionProvider.line(props("version=0.1.0\nbuild=${ura.build}\n"))).isEqualTo("ura 0.1.0");
        // Classes compiled outside Maven: nothing filled in.
        assertThat(VersionProvider.line(props("version=${project.version}\nbuild=${ura.build}\n"))).isEqualTo("ura dev");
        assertThat(VersionProvider.line(null)).isEqualTo("ura dev");
    }

    private static ByteArrayInputStream props(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The version in the root pom.xml (tests run in app/). */
    private static String parentPomVersion() throws Exception {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher m = Pattern.compile("<artifactId>ura-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).as("the root pom names its version").isTrue();
        return m.group(1);
    }

    /** git's output, or null where there is no git or no repository. */
    private static String git(String... args) {
        try {
            String[] cmd = new String[args.length + 1];
            cmd[0] = "git";
            System.arraycopy(args, 0, cmd, 1, args.length);
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty() ? out : null;
        } catch (Exception e) {
            return null;
        }
    }
}
