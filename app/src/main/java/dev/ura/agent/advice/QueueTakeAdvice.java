package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * A JDK {@code BlockingQueue}'s {@code take / poll…}: the thread is done with the task it took
 * before; an app executor's task it takes now starts running (see {@link TaskHooks#taken}).
 */
public final class QueueTakeAdvice {
    private QueueTakeAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter() {
        TaskHooks.takeBegin();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Return(typing = Assigner.Typing.DYNAMIC) Object element) {
        TaskHooks.taken(element);
    }
}
