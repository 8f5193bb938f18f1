package dev.ura.agent.advice;

import dev.ura.agent.rt.InputHooks;
import net.bytebuddy.asm.Advice;

/** {@code Component.dispatchEvent(AWTEvent)}: the first non-window component to get an input event names it. */
public final class InputTargetAdvice {
    private InputTargetAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Object self, @Advice.Argument(0) Object event) {
        // every event reaches every component on its way; only the first after an input counts
        if (event instanceof java.awt.event.InputEvent && InputHooks.inputPending()) {
            java.awt.Component c = (java.awt.Component) self;
            InputHooks.inputTarget(c, c.getName(), c instanceof java.awt.Window);
        }
    }
}
