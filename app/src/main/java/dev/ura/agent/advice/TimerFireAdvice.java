package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code javax.swing.Timer.fireActionPerformed}: the first firing after an app's start is that start's dispatch. */
public final class TimerFireAdvice {
    private TimerFireAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self) {
        return TaskHooks.timerFire(self);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
