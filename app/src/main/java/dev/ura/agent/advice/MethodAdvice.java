package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** A method matched by {@code include=}: a METHOD interval named {@code pkg.Class.method}. */
public final class MethodAdvice {
    private MethodAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.Origin("#t.#m") String name) {
        return Hooks.methodBegin(name);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
