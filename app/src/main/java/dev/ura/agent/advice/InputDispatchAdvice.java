package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/** {@code EventQueue.dispatchEvent(AWTEvent)}: mouse press / release / click and key press start a USER_INPUT. */
public final class InputDispatchAdvice {
    private InputDispatchAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.Argument(0) Object event) {
        if (!(event instanceof java.awt.AWTEvent)) {
            return -1;
        }
        java.awt.AWTEvent e = (java.awt.AWTEvent) event;
        String name;
        switch (e.getID()) {
            case java.awt.event.MouseEvent.MOUSE_PRESSED -> name = "mousePressed";
            case java.awt.event.MouseEvent.MOUSE_RELEASED -> name = "mouseReleased";
            case java.awt.event.MouseEvent.MOUSE_CLICKED -> name = "mouseClicked";
            case java.awt.event.KeyEvent.KEY_PRESSED -> name = "keyPressed";
            default -> name = null;
        }
        return name == null ? -1 : Hooks.inputBegin(name, e.getSource());
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
