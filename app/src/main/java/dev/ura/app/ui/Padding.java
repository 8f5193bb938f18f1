package dev.ura.app.ui;

import com.formdev.flatlaf.util.UIScale;

import javax.swing.border.Border;
import javax.swing.border.EmptyBorder;
import java.awt.Component;
import java.awt.Insets;

/**
 * Empty space around a component, scaled with the UI like FlatLaf's {@code FlatEmptyBorder}, but
 * not a {@code UIResource}: switching the theme re-installs every component's UI, which replaces
 * UIResource borders with the look and feel's own (none, for panels and labels), so the padding
 * set with FlatEmptyBorder vanished at the first switch.
 */
public final class Padding extends EmptyBorder {
    private Padding(int top, int left, int bottom, int right) {
        super(top, left, bottom, right);
    }

    /** Padding in unscaled pixels (at 100 %). */
    public static Border of(int top, int left, int bottom, int right) {
        return new Padding(top, left, bottom, right);
    }

    @Override
    public Insets getBorderInsets(Component c, Insets insets) {
        insets.top = UIScale.scale(top);
        insets.left = UIScale.scale(left);
        insets.bottom = UIScale.scale(bottom);
        insets.right = UIScale.scale(right);
        return insets;
    }

    @Override
    public Insets getBorderInsets() {
        return new Insets(UIScale.scale(top), UIScale.scale(left), UIScale.scale(bottom), UIScale.scale(right));
    }
}
