package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code ThreadPoolExecutor.afterExecute(Runnable, Throwable)}: the pool task ended (normally or not). */
public final class PoolTaskEndAdvice {
    private PoolTaskEndAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter() {
        TaskHooks.poolTaskEnd();
    }
}
