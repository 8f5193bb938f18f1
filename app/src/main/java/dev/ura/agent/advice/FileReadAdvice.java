package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Reads of {@code FileInputStream}, {@code RandomAccessFile} and {@code FileChannelImpl} into an
 * array or buffer: a READ of the count returned (a {@code byte[]} result: its length). Streams
 * without a path (stdin, pipes) and class-path archives ({@code .jar}) are not storage the app
 * asked for and are not recorded.
 */
public final class FileReadAdvice {
    private FileReadAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.FieldValue("path") String path) {
        return path == null || path.endsWith(".jar") ? -1 : IoHooks.ioBegin("READ", path);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object ret) {
        long n = ret instanceof byte[] ? ((byte[]) ret).length : ret instanceof Number ? ((Number) ret).longValue() : -1;
        IoHooks.ioEnd(token, Math.max(0, n));
    }
}
