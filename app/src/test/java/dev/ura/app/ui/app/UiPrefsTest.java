package dev.ura.app.ui.app;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.nio.file.Path;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.assertj.core.api.Assertions.assertThat;

class UiPrefsTest {
    private final Preferences node = Preferences.userRoot().node("dev/ura/test-" + UUID.randomUUID());

    @AfterEach
    void clean() throws BackingStoreException {
        node.removeNode();
    }

    @Test
    void recentFilesAreMostRecentFirstWithoutDuplicatesAndBounded() {
        UiPrefs p = new UiPrefs(node);
        for (int i = 0; i < 12; i++) {
            p.addRecent(Path.of("/t/" + i + ".trace"));
        }
        p.addRecent(Path.of("/t/5.trace"));
        assertThat(p.recent()).hasSize(UiPrefs.MAX_RECENT);
        assertThat(p.recent().get(0)).isEqualTo(Path.of("/t/5.trace"));
        assertThat(p.recent().get(1)).isEqualTo(Path.of("/t/11.trace"));
        assertThat(p.recent()).doesNotHaveDuplicates();
        p.clearRecent();
        assertThat(p.recent()).isEmpty();
    }

    @Test
    void boundsAndThemeAreRemembered() {
        UiPrefs p = new UiPrefs(node);
        assertThat(p.bounds()).isNull();
        assertThat(p.theme()).isEqualTo(ThemeChoice.SYSTEM);
        p.setBounds(new Rectangle(10, 20, 1300, 800), true);
        p.setTheme(ThemeChoice.DARK);
        UiPrefs again = new UiPrefs(node);
        assertThat(again.bounds()).isEqualTo(new Rectangle(10, 20, 1300, 800));
        assertThat(again.maximized()).isTrue();
        assertThat(again.theme()).isEqualTo(ThemeChoice.DARK);
    }
}
