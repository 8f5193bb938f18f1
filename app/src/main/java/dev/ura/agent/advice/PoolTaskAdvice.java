package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code ThreadPoolExecutor.beforeExecute(Thread, Runnable)}: a pool task starts on its worker. */
public final class PoolTaskAdvice {
    private PoolTaskAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(1) Object task) {
        Hooks.poolTaskBegin(task);
    }
}
