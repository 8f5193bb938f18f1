package dev.ura.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The .deb's maintainer scripts ({@code src/dist/linux/postinst} and {@code prerm}) are templates:
 * jpackage replaces its token names with multi-line shell code wherever they occur, comments
 * included. A token named in a comment once turned the prerm into a syntax error, so that
 * {@code dpkg -r ura} failed; here each token is replaced as jpackage does and the result must parse.
 */
class DebScriptsTest {
    private static final Path LINUX = Path.of("src", "dist", "linux");
    /** What jpackage puts in: helper functions, desktop commands (several lines each), names. */
    private static final Map<String, String> TOKENS = Map.of(
            "UTILITY_SCRIPTS", "helper ()\n{\n  local x=$1\n  [ -f \"$x\" ] || return 0\n}\n",
            "DESKTOP_COMMANDS_INSTALL", "xdg-desktop-menu install /opt/ura/lib/ura-ura.desktop\nxdg-mime install /opt/ura/lib/m.xml",
            "DESKTOP_COMMANDS_UNINSTALL", "xdg-desktop-menu uninstall /opt/ura/lib/ura-ura.desktop\nhelper ura-ura.desktop a/b",
            "APPLICATION_PACKAGE", "ura",
            "INSTALLATION_DIRECTORY", "/opt/ura");

    @Test
    void postinstAndPrermParseOnceJpackageHasFilledThemIn() throws Exception {
        for (String name : List.of("postinst", "prerm")) {
            String script = Files.readString(LINUX.resolve(name), StandardCharsets.UTF_8);
            for (Map.Entry<String, String> t : TOKENS.entrySet()) {
                script = script.replace(t.getKey(), t.getValue());
            }
            Path filled = Files.createTempFile("ura-" + name, ".sh");
            try {
                Files.writeString(filled, script);
                Process p = new ProcessBuilder("sh", "-n", filled.toString()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as("%s once filled in: %s", name, out).isZero();
            } finally {
                Files.deleteIfExists(filled);
            }
        }
    }

    @Test
    void prermRemovesTheFileTypeIconOfEveryAssociation() throws Exception {
        String prerm = Files.readString(LINUX.resolve("prerm"));
        assertThat(prerm).contains("xdg-icon-resource uninstall --context mimetypes --size 128 \"$icon\"");
        try (var files = Files.list(LINUX.getParent())) {
            for (Path fa : files.filter(f -> f.getFileName().toString().startsWith("fa-")).toList()) {
                java.util.Properties p = new java.util.Properties();
                try (var in = Files.newInputStream(fa)) {
                    p.load(in);
                }
                String icon = p.getProperty("mime-type").replace('/', '-');
                assertThat(prerm).as(fa.toString()).containsPattern("for icon in [^\n]*\\b" + icon + "\\b");
            }
        }
    }

    /**
     * What postinst makes and dpkg does not own must go on removal: the CDS archive (package.sh
     * leaves the build machine's out of the .deb; postinst trains /opt/ura's) and a defaults list
     * emptied down to its header; one that still names another program's handler stays.
     */
    @Test
    void prermRemovesTheArchivePostinstMadeAndAnEmptiedDefaultsList(@TempDir Path dir) throws Exception {
        String prerm = Files.readString(LINUX.resolve("prerm"));
        assertThat(prerm).contains("rm -f /opt/ura/lib/app/ura.jsa /opt/ura/lib/app/ura-info.jsa");
        assertThat(Files.readString(LINUX.resolve("postinst"))).contains("sh /opt/ura/lib/app/train.sh /opt/ura")
                .contains("ln -sf /opt/ura/bin/ura-cli /usr/bin/ura");
        assertThat(prerm).contains("/opt/ura/bin/ura-cli|/opt/ura/bin/ura) rm -f /usr/bin/ura");
        assertThat(Files.readString(LINUX.resolve("..").resolve("package.sh")))
                .contains("mv \"$image/lib/app/ura.jsa\" \"$out/ura.jsa.image\"")
                .contains("mv \"$image/lib/app/ura-info.jsa\" \"$out/ura-info.jsa.image\"");
        // The defaults-list step, run as the prerm runs it, on lists in a temporary folder.
        String step = prerm.lines().dropWhile(l -> !l.contains("list=/usr/share/applications/defaults.list"))
                .takeWhile(l -> !l.strip().equals(") || echo \"ura: desktop integration only partly removed\" >&2"))
                .reduce("", (a, b) -> a + b + "\n");
        assertThat(step).contains("rm -f \"$list\"");
        Path empty = dir.resolve("empty.list");
        Files.writeString(empty, "[Default Applications]\n\n");
        Path other = dir.resolve("other.list");
        Files.writeString(other, "[Default Applications]\ntext/plain=vim.desktop\n");
        for (Path list : List.of(empty, other)) {
            Process p = new ProcessBuilder("sh", "-c", step.replace("/usr/share/applications/defaults.list", list.toString()))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
        }
        assertThat(empty).doesNotExist();
        assertThat(other).hasContent("[Default Applications]\ntext/plain=vim.desktop");
    }

    @Test
    void desktopTokensStandAloneOnTheirLines() throws Exception {
        for (String name : List.of("postinst", "prerm")) {
            for (String line : Files.readAllLines(LINUX.resolve(name))) {
                for (String token : List.of("UTILITY_SCRIPTS", "DESKTOP_COMMANDS_INSTALL", "DESKTOP_COMMANDS_UNINSTALL")) {
                    if (line.contains(token)) {
                        assertThat(line.strip()).as("%s: %s", name, line).isEqualTo(token);
                    }
                }
            }
        }
    }
}
