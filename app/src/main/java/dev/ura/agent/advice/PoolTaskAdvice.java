package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** {@code ThreadPoolExecutor.beforeExecute(Thread, Runnable)}: a pool task starts on its worker. */
public final class PoolTaskAdvice {
    private PoolTaskAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(1) Object task) {
        TaskHooks.poolTaskBegin(task);
    }
}
