package dev.ura.app.ui.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Asks the desktop whether it prefers a dark theme: GNOME's {@code color-scheme}, {@code GTK_THEME},
 * macOS {@code AppleInterfaceStyle}, Windows {@code AppsUseLightTheme}. Detection is best effort;
 * when the desktop cannot tell, the answer is light. The answer is computed once.
 */
public final class SystemTheme {
    private static Boolean cached;

    private SystemTheme() {
    }

    static synchronized boolean prefersDark() {
        if (cached == null) {
            cached = detect();
        }
        return cached;
    }

    private static boolean detect() {
        String gtk = System.getenv("GTK_THEME");
        if (gtk != null && gtk.toLowerCase(Locale.ROOT).contains("dark")) {
            return true;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return ask(List.of("defaults", "read", "-g", "AppleInterfaceStyle")).contains("dark");
        }
        if (os.contains("win")) {
            String out = ask(List.of("reg", "query",
                    "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v", "AppsUseLightTheme"));
            return out.contains("0x0");
        }
        return ask(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme")).contains("dark");
    }

    /** Runs a query command for at most a second; returns its lower-cased output, or "" when it cannot run. */
    private static String ask(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.PIPE).start();
            if (!p.waitFor(1, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            try (InputStream in = p.getInputStream()) {
                return new String(in.readNBytes(4096), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
            }
        } catch (IOException e) {
            // the tool is not installed on this desktop: no preference known, the theme stays light
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
