package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code sun.swing.AccumulativeRunnable.add(T...)} on SwingWorker's shared EDT submitter: each
 * Runnable added (a worker's {@code process} batch or {@code done}) is handed to the EDT. SwingWorker
 * delivers them with a one-shot {@code javax.swing.Timer}, which would hide the hand-off.
 */
public final class SwingWorkerSubmitAdvice {
    private SwingWorkerSubmitAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.This Object self, @Advice.Argument(0) Object[] args) {
        if (args != null && self.getClass().getName().equals("javax.swing.SwingWorker$DoSubmitAccumulativeRunnable")) {
            for (Object a : args) {
                Hooks.send(a, "runnable", 0);
            }
        }
    }
}
