package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code javax.swing.Timer.start()} by app code: a hand-off to the timer's first firing. */
public final class TimerAdvice {
    private TimerAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Object self) {
        TaskHooks.timerStart(self);
    }
}
