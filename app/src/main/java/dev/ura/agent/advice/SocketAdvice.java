package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * {@code NioSocketImpl.read / write(byte[], off, len)} (what {@code Socket} streams call): RECV or
 * SEND of the bytes moved, with the peer's address.
 */
public final class SocketAdvice {
    private SocketAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.Origin("#m") String method, @Advice.FieldValue("address") Object address) {
        String host = address instanceof java.net.InetAddress ? ((java.net.InetAddress) address).getHostAddress() : null;
        return IoHooks.ioBegin(method.equals("read") ? "RECV" : "SEND", host);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.AllArguments Object[] args,
                     @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object ret) {
        long n = ret instanceof Number ? ((Number) ret).longValue() : args.length == 3 ? (Integer) args[2] : -1;
        IoHooks.ioEnd(token, Math.max(0, n));
    }
}
