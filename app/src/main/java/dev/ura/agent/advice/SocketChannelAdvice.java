package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * {@code SocketChannelImpl.read / write} (one buffer or a gather/scatter array) on a blocking
 * channel: RECV or SEND of the bytes moved, with the peer's address. Non-blocking channels (a
 * selector loop, e.g. the HttpClient's) are not recorded: their calls return at once and no
 * thread waits in them.
 */
public final class SocketChannelAdvice {
    private SocketChannelAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.This java.nio.channels.SocketChannel self, @Advice.Origin("#m") String method,
                     @Advice.FieldValue("remoteAddress") Object remote) {
        if (!self.isBlocking()) {
            return -1;
        }
        String host = remote instanceof java.net.InetSocketAddress
                && ((java.net.InetSocketAddress) remote).getAddress() != null
                ? ((java.net.InetSocketAddress) remote).getAddress().getHostAddress() : null;
        return IoHooks.ioBegin(method.equals("read") ? "RECV" : "SEND", host);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object ret) {
        if (token >= 0) {
            IoHooks.ioEnd(token, ret instanceof Number ? Math.max(0, ((Number) ret).longValue()) : 0);
        }
    }
}
