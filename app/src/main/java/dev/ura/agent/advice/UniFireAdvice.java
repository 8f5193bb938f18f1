package dev.ura.agent.advice;

import dev.ura.agent.rt.CallbackHooks;
import dev.ura.agent.rt.Hooks;
import net.bytebuddy.asm.Advice;

/**
 * {@code tryFire(mode)} of a one-source completion callback ({@code UniApply}, ...): it runs its
 * function now when its source is complete and either this is its executor's run
 * ({@code mode} ASYNC = 1) or it has no executor and nobody claimed it yet (fork-join tag 0).
 */
public final class UniFireAdvice {
    private UniFireAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This java.util.concurrent.ForkJoinTask<?> self, @Advice.Argument(0) int mode,
                     @Advice.FieldValue("src") java.util.concurrent.CompletableFuture<?> src,
                     @Advice.FieldValue("dep") Object dep, @Advice.FieldValue("executor") Object executor) {
        boolean now = dep != null && src != null && src.isDone()
                && (mode == 1 || (executor == null && self.getForkJoinTaskTag() == 0));
        return CallbackHooks.fireBegin(self, now, src, null);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token) {
        Hooks.end(token);
    }
}
