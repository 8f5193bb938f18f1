package dev.ura.app.ui.app;

import com.formdev.flatlaf.FlatDarkLaf;
import com.formdev.flatlaf.FlatLaf;
import com.formdev.flatlaf.FlatLightLaf;

/** Installs and switches the FlatLaf theme. */
public final class ThemeSupport {
    private ThemeSupport() {
    }

    /** Registers the {@code Ura.*} colour keys; call once before the first theme is installed. */
    static void registerDefaults() {
        FlatLaf.registerCustomDefaultsSource("dev.ura.app.ui.themes");
    }

    static void install(boolean dark) {
        if (dark) {
            FlatDarkLaf.setup();
        } else {
            FlatLightLaf.setup();
        }
    }

    /** Switches every open window to the other theme. */
    static void switchTo(boolean dark) {
        if (dark == FlatLaf.isLafDark()) {
            return;
        }
        install(dark);
        FlatLaf.updateUI();
    }
}
