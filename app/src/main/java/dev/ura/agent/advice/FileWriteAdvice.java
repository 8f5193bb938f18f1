package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Writes of {@code FileOutputStream}, {@code RandomAccessFile} ({@code write(int)},
 * {@code write(byte[])}, {@code write(byte[], off, len)}) and {@code FileChannelImpl} (the count
 * returned): a WRITE of that many bytes. Streams without a path (stdout, stderr, pipes) are not recorded.
 */
public final class FileWriteAdvice {
    private FileWriteAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.FieldValue("path") String path) {
        return path == null ? -1 : IoHooks.ioBegin("WRITE", path);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.AllArguments Object[] args,
                     @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object ret) {
        long n;
        if (ret instanceof Number) {
            n = ((Number) ret).longValue();
        } else if (args.length == 3 && args[2] instanceof Integer) {
            n = (Integer) args[2];
        } else if (args.length == 1 && args[0] instanceof byte[]) {
            n = ((byte[]) args[0]).length;
        } else {
            n = 1;
        }
        IoHooks.ioEnd(token, Math.max(0, n));
    }
}
