package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** An executor takes a task ({@code ThreadPoolExecutor.execute}, {@code ForkJoinPool.externalSubmit}, thread-per-task). */
public final class ExecuteAdvice {
    private ExecuteAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(0) Object task) {
        TaskHooks.executorSend(task);
    }
}
