package dev.ura.agent.advice;

import dev.ura.agent.rt.ScreenHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code RepaintManager.paintDirtyRegions(Map)}: one paint pass over the components with requested
 * updates. A requested component the pass does not paint (hidden or clipped away meanwhile) gets
 * an instant DRAW marked {@code dropped} at the end of the pass: its request is settled there, and
 * nothing later would ever draw it.
 */
public final class PaintPassAdvice {
    private PaintPassAdvice() {
    }

    @Advice.OnMethodEnter
    static Object[] enter(@Advice.Argument(0) Object dirty) {
        Object[] requested = dirty instanceof java.util.Map ? ((java.util.Map<?, ?>) dirty).keySet().toArray() : null;
        ScreenHooks.paintPassBegin();
        return requested;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object[] requested) {
        ScreenHooks.paintPassEnd(requested);
    }
}
