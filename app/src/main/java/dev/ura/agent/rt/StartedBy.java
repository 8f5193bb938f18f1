package dev.ura.agent.rt;

import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/** Who called {@code Thread.start}: the first frame outside {@code java.lang.Thread} and the agent. */
final class StartedBy implements Function<Stream<StackWalker.StackFrame>, Optional<StackWalker.StackFrame>> {
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final StartedBy INSTANCE = new StartedBy();

    private StartedBy() {
    }

    /** Whether the thread being started is started by JDK code (a pool, a timer, the toolkit). */
    static boolean jdk() {
        Optional<StackWalker.StackFrame> caller = WALKER.walk(INSTANCE);
        if (caller.isEmpty()) {
            return true;
        }
        String c = caller.get().getClassName();
        return c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("sun.") || c.startsWith("jdk.")
                || c.startsWith("com.sun.");
    }

    @Override
    public Optional<StackWalker.StackFrame> apply(Stream<StackWalker.StackFrame> frames) {
        return frames.filter(f -> !f.getClassName().equals("java.lang.Thread")
                && !f.getClassName().startsWith("dev.ura.agent.")).findFirst();
    }
}
