package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code ScheduledThreadPoolExecutor.delayedExecute}: a one-shot task is a hand-off with its delay; periodic ones never are. */
public final class ScheduleAdvice {
    private ScheduleAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(0) Object task) {
        java.util.concurrent.RunnableScheduledFuture<?> f = (java.util.concurrent.RunnableScheduledFuture<?>) task;
        if (!f.isPeriodic()) {
            Hooks.send(f, "executor", f.getDelay(java.util.concurrent.TimeUnit.MILLISECONDS));
        }
    }
}
