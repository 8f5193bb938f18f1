package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code CountDownLatch.countDown}: the count reaching zero releases the latch's waiters. Written
 * before the count drops, since the waiters may run before this call returns.
 */
public final class LatchCountDownAdvice {
    private LatchCountDownAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This java.util.concurrent.CountDownLatch self) {
        if (self.getCount() == 1) {
            WaitHooks.release(self);
        }
    }
}
