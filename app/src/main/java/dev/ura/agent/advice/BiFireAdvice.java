package dev.ura.agent.advice;

import dev.ura.agent.rt.CallbackHooks;
import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code tryFire(mode)} of a two-source completion callback: {@code Bi…} ({@code thenCombine}, ...)
 * needs both sources complete, {@code Or…} ({@code applyToEither}, ...) either; otherwise as
 * {@link UniFireAdvice}.
 */
public final class BiFireAdvice {
    private BiFireAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This java.util.concurrent.ForkJoinTask<?> self, @Advice.Argument(0) int mode,
                     @Advice.Origin("#t") String type,
                     @Advice.FieldValue("src") java.util.concurrent.CompletableFuture<?> src,
                     @Advice.FieldValue("snd") java.util.concurrent.CompletableFuture<?> snd,
                     @Advice.FieldValue("dep") Object dep, @Advice.FieldValue("executor") Object executor) {
        boolean ready = src != null && snd != null
                && (type.contains("$Or") ? src.isDone() || snd.isDone() : src.isDone() && snd.isDone());
        boolean now = dep != null && ready && (mode == 1 || (executor == null && self.getForkJoinTaskTag() == 0));
        return CallbackHooks.fireBegin(self, now, src, snd);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
