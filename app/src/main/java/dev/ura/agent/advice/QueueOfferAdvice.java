package dev.ura.agent.advice;

import dev.ura.agent.rt.TaskHooks;
import net.bytebuddy.asm.Advice;

/** A JDK {@code BlockingQueue}'s {@code offer / put / add…}: an app executor's task queued for its own threads. */
public final class QueueOfferAdvice {
    private QueueOfferAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(0) Object element) {
        TaskHooks.queued(element);
    }
}
