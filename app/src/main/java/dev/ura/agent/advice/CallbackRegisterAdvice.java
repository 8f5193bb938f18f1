package dev.ura.agent.advice;

import dev.ura.agent.rt.CallbackHooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code CompletableFuture.unipush(c)}, {@code bipush(b, c)}, {@code orpush(b, c)}: a completion
 * callback {@code c} (the last argument) is registered on a future not complete yet.
 */
public final class CallbackRegisterAdvice {
    private CallbackRegisterAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.AllArguments Object[] args) {
        Object c = args[args.length - 1];
        if (c != null) {
            CallbackHooks.registered(c, c.getClass().getName());
        }
    }
}
