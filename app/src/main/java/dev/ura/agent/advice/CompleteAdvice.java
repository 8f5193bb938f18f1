package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code CompletableFuture}'s completing CAS ({@code completeValue}, {@code completeThrowable},
 * {@code completeNull}, {@code completeRelay}, {@code internalComplete}): when it won, the future
 * is complete and its waiters are released (by the thread that completed it).
 */
public final class CompleteAdvice {
    private CompleteAdvice() {
    }

    @Advice.OnMethodExit
    static void exit(@Advice.This Object self, @Advice.Return boolean won) {
        if (won) {
            WaitHooks.release(self);
        }
    }
}
