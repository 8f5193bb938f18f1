package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code CountDownLatch.countDown}: the count reaching zero releases the latch's waiters. */
public final class LatchCountDownAdvice {
    private LatchCountDownAdvice() {
    }

    @Advice.OnMethodEnter
    static long enter(@Advice.This java.util.concurrent.CountDownLatch self) {
        return self.getCount();
    }

    @Advice.OnMethodExit
    static void exit(@Advice.This java.util.concurrent.CountDownLatch self, @Advice.Enter long before) {
        if (before > 0 && self.getCount() == 0) {
            Hooks.release(self);
        }
    }
}
