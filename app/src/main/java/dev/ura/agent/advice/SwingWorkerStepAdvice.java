package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/**
 * The Runnables a SwingWorker hands to the EDT: {@code run(List)} of its chunk accumulator calls
 * {@code process}, the no-argument {@code run()} calls {@code done} (or delivers a property change).
 */
public final class SwingWorkerStepAdvice {
    private SwingWorkerStepAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This Object self, @Advice.AllArguments Object[] args) {
        String name = args.length == 1 ? "process"
                : self.getClass().getName().contains("PropertyChange") ? "firePropertyChange" : "done";
        return Hooks.dispatchBegin(self, name);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
