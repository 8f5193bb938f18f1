package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.ScreenHooks;
import net.bytebuddy.asm.Advice;

/** {@code JComponent.paint(Graphics)}: one DRAW per painted component (children nest inside their parent's). */
public final class PaintAdvice {
    private PaintAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self) {
        return ScreenHooks.drawBegin(self);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
