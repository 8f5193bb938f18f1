package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.InputHooks;
import net.bytebuddy.asm.Advice;

/** {@code AbstractButton.fireActionPerformed(ActionEvent)}: an action, a USER_INPUT inside the mouse or key event. */
public final class ActionAdvice {
    private ActionAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self) {
        java.awt.Component c = (java.awt.Component) self;
        return InputHooks.actionBegin("actionPerformed", c, c.getName());
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
