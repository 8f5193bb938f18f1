package dev.ura.agent.advice;

import dev.ura.agent.rt.IoHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * {@code Files.readAllBytes / readString / readAllLines} (READ) and {@code Files.write /
 * writeString} (WRITE) of a path: one interval for the whole call; when the result does not say
 * how many bytes moved, the channel reads and writes inside it add theirs.
 */
public final class FilesAdvice {
    private FilesAdvice() {
    }

    @Advice.OnMethodEnter
    static int enter(@Advice.Origin("#m") String method, @Advice.Argument(0) Object path) {
        return IoHooks.ioBegin(method.startsWith("read") ? "READ" : "WRITE", String.valueOf(path));
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.AllArguments Object[] args,
                     @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object ret) {
        long n = -1;
        if (ret instanceof byte[]) {
            n = ((byte[]) ret).length;
        } else if (args.length > 1 && args[1] instanceof byte[]) {
            n = ((byte[]) args[1]).length;
        }
        IoHooks.ioEnd(token, n);
    }
}
