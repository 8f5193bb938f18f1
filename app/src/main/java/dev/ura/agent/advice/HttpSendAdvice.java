package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * {@code HttpClientImpl.send(request, handler)}: the blocking exchange is a RECV on the calling
 * thread, with the request's host and the response's {@code Content-Length} (the client's socket
 * I/O itself happens on its selector thread, which no response waits on directly).
 */
public final class HttpSendAdvice {
    private HttpSendAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.Argument(0) Object request) {
        java.net.URI uri = ((java.net.http.HttpRequest) request).uri();
        return IoHooks.ioBegin("RECV", uri.getHost());
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object response) {
        long n = -1;
        if (response instanceof java.net.http.HttpResponse) {
            n = ((java.net.http.HttpResponse<?>) response).headers().firstValueAsLong("content-length").orElse(-1);
        }
        IoHooks.ioEnd(token, n);
    }
}
