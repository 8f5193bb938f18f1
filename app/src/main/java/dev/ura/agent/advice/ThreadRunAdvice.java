package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code Thread.run()} (runs the target Runnable): the dispatch of the thread's hand-off. */
public final class ThreadRunAdvice {
    private ThreadRunAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Thread self, @Advice.FieldValue("target") Object target) {
        return Hooks.threadRun(self, target);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.This Thread self) {
        Hooks.threadEnd(self, token);
    }
}
