package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code EventQueue.postEvent(AWTEvent)}: an InvocationEvent (invokeLater, invokeAndWait, repaint processing) is a hand-off. */
public final class PostEventAdvice {
    private PostEventAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(0) Object event) {
        if (event instanceof java.awt.event.InvocationEvent) {
            Hooks.send(event, "runnable", 0);
        }
    }
}
