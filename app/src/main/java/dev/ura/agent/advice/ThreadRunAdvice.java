package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code Thread.run()} (runs the target Runnable): the dispatch of the thread's hand-off. */
public final class ThreadRunAdvice {
    private ThreadRunAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Thread self, @Advice.FieldValue("target") Object target) {
        return TaskHooks.threadRun(self, target);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.This Thread self) {
        WaitHooks.threadEnd(self, token);
    }
}
