package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import net.bytebuddy.asm.Advice;

/**
 * A blocking wait for another thread: {@code FutureTask.get}, {@code CompletableFuture.get / join},
 * {@code CountDownLatch.await}, {@code Thread.join(long)}: a {@code WAIT} on the object, and on a
 * release (not a timeout or interrupt) the waiter's resume.
 */
public final class WaitAdvice {
    private WaitAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self, @Advice.Origin("#t.#m") String name) {
        return WaitHooks.waitBegin(self, name);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.This Object self, @Advice.Origin("#t.#m") String name) {
        WaitHooks.waitEnd(token, self, name, WaitHooks.released(self));
    }
}
