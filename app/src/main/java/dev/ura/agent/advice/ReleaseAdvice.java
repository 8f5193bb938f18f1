package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code FutureTask.set / setException}: the task's outcome is set and its waiters released.
 * Written on entry, since a waiter may run before the call returns.
 */
public final class ReleaseAdvice {
    private ReleaseAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Object self) {
        WaitHooks.release(self);
    }
}
