package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** A method that runs handed-off work identified by {@code this} ({@code InvocationEvent.dispatch}, {@code ForkJoinTask.doExec}). */
public final class DispatchAdvice {
    private DispatchAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self) {
        return Hooks.dispatchBegin(self, "run");
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
