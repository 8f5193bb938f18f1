package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code javax.swing.Timer.stop()}: a first firing still to come no longer belongs to the start. */
public final class TimerStopAdvice {
    private TimerStopAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Object self) {
        TaskHooks.timerStop(self);
    }
}
