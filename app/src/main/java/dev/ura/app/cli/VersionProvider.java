package dev.ura.app.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code ura --version}: "ura 0.1.0 (git 1a2b3c4, 2026-12-01)", the project version and the commit
 * the build was made from with that commit's date, read from {@code version.properties}, which
 * Maven fills in (app/pom.xml). The packages take their version from the same jar (package.sh), so
 * the two cannot disagree. A value Maven did not fill in (a build without git, or classes compiled
 * by an IDE) is left out rather than printed as a placeholder.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {
    static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {line(VersionProvider.class.getResourceAsStream(RESOURCE))};
    }

    /** This build's version line, as {@code ura --version} prints it (Help › About shows it too). */
    public static String current() {
        return line(VersionProvider.class.getResourceAsStream(RESOURCE));
    }

    /** The version line from a version.properties stream (null when the resource is missing). */
    static String line(InputStream in) {
        Properties p = new Properties();
        if (in != null) {
            try (in) {
                p.load(in);
            } catch (IOException | IllegalArgumentException e) {
                p.clear(); // an unreadable resource: say "dev" below rather than fail --version
            }
        }
        String version = filled(p.getProperty("version"));
        String build = filled(p.getProperty("build"));
        return "ura " + (version == null ? "dev" : version) + (build == null ? "" : " (" + build + ")");
    }

    private static String filled(String value) {
        return value == null || value.isBlank() || value.contains("${") ? null : value.strip();
    }
}
