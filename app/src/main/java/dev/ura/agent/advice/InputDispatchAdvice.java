package dev.ura.agent.advice;

import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.InputHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code EventQueue.dispatchEvent(AWTEvent)}: mouse press / release / click and key press start a
 * USER_INPUT; a key press with a character hands off to the KEY_TYPED event that follows it (where
 * text components insert the character), and a KEY_TYPED without one is a USER_INPUT of its own.
 */
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
            case java.awt.event.KeyEvent.KEY_TYPED -> {
                return e instanceof java.awt.event.KeyEvent
                        ? InputHooks.keyTypedBegin(e.getSource(), ((java.awt.event.KeyEvent) e).getKeyChar()) : -1;
            }
            default -> name = null;
        }
        return name == null ? -1 : InputHooks.inputBegin(name, e.getSource());
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Argument(0) Object event) {
        if (event instanceof java.awt.event.KeyEvent && ((java.awt.event.KeyEvent) event).getID()
                == java.awt.event.KeyEvent.KEY_PRESSED) {
            InputHooks.keyPressEnd(token, ((java.awt.event.KeyEvent) event).getKeyChar());
        } else {
            Hooks.end(token);
        }
    }
}
