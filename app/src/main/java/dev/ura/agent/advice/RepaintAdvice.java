package dev.ura.agent.advice;

import dev.ura.agent.rt.ScreenHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code RepaintManager.addDirtyRegion(JComponent, x, y, w, h)}: an update of that component is
 * requested, unless RepaintManager drops it (empty area, zero size, not showing), since a request
 * that can never be drawn would keep its response open forever.
 */
public final class RepaintAdvice {
    private RepaintAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(0) Object component, @Advice.Argument(3) int w, @Advice.Argument(4) int h) {
        if (component != null && w > 0 && h > 0) {
            java.awt.Component c = (java.awt.Component) component;
            if (c.getWidth() > 0 && c.getHeight() > 0 && c.isShowing()) {
                ScreenHooks.invalidate(c);
            }
        }
    }
}
