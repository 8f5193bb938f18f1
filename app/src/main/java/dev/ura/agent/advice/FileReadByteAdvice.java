package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;

/** {@code read()} of one byte ({@code FileInputStream}, {@code RandomAccessFile}): a READ of 1 byte (0 at the end). */
public final class FileReadByteAdvice {
    private FileReadByteAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.FieldValue("path") String path) {
        return path == null || path.endsWith(".jar") ? -1 : IoHooks.ioBegin("READ", path);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Return int ret) {
        IoHooks.ioEnd(token, ret >= 0 ? 1 : 0);
    }
}
