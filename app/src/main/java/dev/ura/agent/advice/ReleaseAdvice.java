package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code FutureTask.set / setException}: the task's outcome is there, its waiters are released. */
public final class ReleaseAdvice {
    private ReleaseAdvice() {
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.This Object self) {
        Hooks.release(self);
    }
}
