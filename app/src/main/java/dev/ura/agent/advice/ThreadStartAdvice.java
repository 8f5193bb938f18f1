package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code Thread.start()}: a hand-off to the new thread's run. */
public final class ThreadStartAdvice {
    private ThreadStartAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Thread self, @Advice.FieldValue("target") Object target) {
        TaskHooks.threadStart(self, target);
    }
}
