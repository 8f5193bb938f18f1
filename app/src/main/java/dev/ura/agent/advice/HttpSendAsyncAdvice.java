package dev.ura.agent.advice;

import dev.ura.agent.rt.HttpHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * {@code HttpClientImpl.sendAsync(request, handler, pushPromiseHandler)} (the two-argument form
 * calls it): the exchange is handed to a lane of its own that ends when the returned future
 * completes (see {@link HttpHooks}).
 */
public final class HttpSendAsyncAdvice {
    private HttpSendAsyncAdvice() {
    }

    @Advice.OnMethodEnter
    static Object enter(@Advice.Argument(0) Object request) {
        java.net.URI uri = request instanceof java.net.http.HttpRequest ? ((java.net.http.HttpRequest) request).uri() : null;
        return HttpHooks.exchangeBegin(request, uri == null ? null : uri.getHost());
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object lane, @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object future) {
        HttpHooks.exchangeEnd(lane, future);
    }
}
