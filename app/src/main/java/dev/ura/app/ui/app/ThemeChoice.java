package dev.ura.app.ui.app;

/** The theme the user chose in View › Theme. */
public enum ThemeChoice {
    SYSTEM("Follow system"), LIGHT("Light"), DARK("Dark");

    private final String label;

    ThemeChoice(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** Whether the dark theme applies, asking the desktop only for {@link #SYSTEM}. */
    boolean isDark() {
        return this == DARK || this == SYSTEM && SystemTheme.prefersDark();
    }

    static ThemeChoice parse(String s) {
        for (ThemeChoice t : values()) {
            if (t.name().equals(s)) {
                return t;
            }
        }
        return SYSTEM;
    }
}
