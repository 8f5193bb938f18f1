package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code run()} of an app's Thread subclass: the dispatch of the thread's hand-off. */
public final class ThreadSubclassRunAdvice {
    private ThreadSubclassRunAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Thread self) {
        return Hooks.threadRun(self, null);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.This Thread self) {
        Hooks.threadEnd(self, token);
    }
}
