package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code execute(Runnable)} of an app's own {@code Executor}: the task is being handed off; how
 * (a JDK pool or thread it delegates to, or a queue its own threads take from) is recorded
 * inside, once (see {@link TaskHooks#appExecuteBegin}).
 */
public final class AppExecuteAdvice {
    private AppExecuteAdvice() {
    }

    @Advice.OnMethodEnter
    static Object enter(@Advice.Argument(0) Object task) {
        return TaskHooks.appExecuteBegin(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object outer) {
        TaskHooks.appExecuteEnd(outer);
    }
}
