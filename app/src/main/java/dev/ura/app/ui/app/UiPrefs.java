package dev.ura.app.ui.app;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** What the window remembers between sessions: bounds, theme, recent files (java.util.prefs). */
public final class UiPrefs {
    static final int MAX_RECENT = 10;
    /**
     * The JDK's file-backed preference store reports background sync trouble (a file removed or
     * locked by another ura) on the console; the window must not print, and these settings are a
     * convenience, so that logger is turned off. Held here because loggers are weakly referenced.
     */
    private static final Logger PREFS_LOG = Logger.getLogger("java.util.prefs");
    private final Preferences node;

    UiPrefs(Preferences node) {
        this.node = node;
    }

    /** The user's node. The store's directory is created first so the JDK does not log that it created it. */
    static UiPrefs standard() {
        try {
            Files.createDirectories(Path.of(System.getProperty("user.home"), ".java", ".userPrefs"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the preferences directory", e);
        }
        PREFS_LOG.setLevel(Level.OFF);
        return new UiPrefs(Preferences.userRoot().node("dev/ura/explorer"));
    }

    ThemeChoice theme() {
        return ThemeChoice.parse(node.get("theme", ThemeChoice.SYSTEM.name()));
    }

    void setTheme(ThemeChoice t) {
        node.put("theme", t.name());
    }

    /** Whether the plain mouse wheel zooms the timeline (the old behaviour) instead of scrolling threads. */
    boolean wheelZooms() {
        return node.getBoolean("wheelZooms", false);
    }

    void setWheelZooms(boolean on) {
        node.putBoolean("wheelZooms", on);
    }

    /** Which arrows the timeline draws (View › Arrows); all at first. */
    dev.ura.app.render.ArrowToggles arrows() {
        return new dev.ura.app.render.ArrowToggles(node.getBoolean("arrows.wakeups", true),
                node.getBoolean("arrows.handoffs", true), node.getBoolean("arrows.path", true));
    }

    void setArrows(dev.ura.app.render.ArrowToggles a) {
        node.putBoolean("arrows.wakeups", a.wakeups());
        node.putBoolean("arrows.handoffs", a.handoffs());
        node.putBoolean("arrows.path", a.path());
    }

    /** The width (logical px) of the last response export: a user who picked 2400 once wants it again. */
    int exportWidth() {
        return node.getInt("exportWidth", 1600);
    }

    void setExportWidth(int px) {
        node.putInt("exportWidth", px);
    }

    /** Saved window bounds, or {@code null} the first time. */
    Rectangle bounds() {
        int w = node.getInt("w", -1);
        int h = node.getInt("h", -1);
        if (w <= 0 || h <= 0) {
            return null;
        }
        return new Rectangle(node.getInt("x", 0), node.getInt("y", 0), w, h);
    }

    boolean maximized() {
        return node.getBoolean("maximized", false);
    }

    void setBounds(Rectangle r, boolean maximized) {
        node.putInt("x", r.x);
        node.putInt("y", r.y);
        node.putInt("w", r.width);
        node.putInt("h", r.height);
        node.putBoolean("maximized", maximized);
    }

    /** Recent files, most recent first, existing or not. */
    List<Path> recent() {
        List<Path> list = new ArrayList<>();
        for (String s : node.get("recent", "").split("\n")) {
            if (!s.isBlank()) {
                list.add(Path.of(s));
            }
        }
        return list;
    }

    /** Puts a file first in the recent list. */
    void addRecent(Path file) {
        List<Path> list = recent();
        Path abs = file.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(MAX_RECENT, list.size()); i++) {
            sb.append(list.get(i)).append('\n');
        }
        node.put("recent", sb.toString());
    }

    void clearRecent() {
        node.remove("recent");
    }

    /** What File › Record… was last asked (command, classes, duration, launch or attach). */
    public dev.ura.app.ui.record.RecordSettings recordSettings() {
        var d = dev.ura.app.ui.record.RecordSettings.DEFAULT;
        return new dev.ura.app.ui.record.RecordSettings(node.get("record.command", d.command()),
                node.get("record.include", d.include()), node.get("record.duration", d.duration()),
                node.getBoolean("record.attach", d.attach()));
    }

    public void setRecordSettings(dev.ura.app.ui.record.RecordSettings s) {
        node.put("record.command", s.command());
        node.put("record.include", s.include());
        node.put("record.duration", s.duration());
        node.putBoolean("record.attach", s.attach());
    }

    /** Writes to the backing store now (on window close). */
    void flush() throws BackingStoreException {
        node.flush();
    }
}
