package dev.ura.agent.advice;

import dev.ura.agent.rt.WaitHooks;
import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code run()} of an app's Thread subclass: the dispatch of the thread's hand-off. */
public final class ThreadSubclassRunAdvice {
    private ThreadSubclassRunAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Thread self) {
        return TaskHooks.threadRun(self, null);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.This Thread self) {
        WaitHooks.threadEnd(self, token);
    }
}
