package dev.ura.app.ui.app;

import java.awt.EventQueue;
import java.nio.file.Path;

/**
 * Starts the explorer window (called reflectively by the CLI's {@code WindowLauncher}). Following
 * FlatLaf's advice, properties and the desktop's theme preference are settled first, then
 * everything else happens on the EDT.
 */
public final class ExplorerApp {
    private ExplorerApp() {
    }

    /** Opens the window with a trace file, or with the last trace / a bundled sample for {@code null}. */
    public static void launch(Path fileOrNull) {
        System.setProperty("apple.laf.useScreenMenuBar", "true");
        System.setProperty("apple.awt.application.name", "ura");
        UiPrefs prefs = UiPrefs.standard();
        ThemeChoice theme = prefs.theme();
        boolean dark = theme.isDark();
        ThemeSupport.registerDefaults();
        EventQueue.invokeLater(() -> {
            ThemeSupport.install(dark);
            ExplorerFrame frame = create(prefs, theme);
            frame.setVisible(true);
            frame.openInitial(fileOrNull);
        });
    }

    /** Builds the window with every panel wired (on the EDT; tests use it with their own prefs). */
    static ExplorerFrame create(UiPrefs prefs, ThemeChoice theme) {
        return new ExplorerFrame(prefs, theme);
    }
}
