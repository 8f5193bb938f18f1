package dev.ura.agent.rt;

import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/** Who called {@code Thread.start} (or {@code Timer.start}): the first frame outside that class and the agent. */
final class StartedBy implements Function<Stream<StackWalker.StackFrame>, Optional<StackWalker.StackFrame>> {
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final StartedBy INSTANCE = new StartedBy("java.lang.Thread");
    private static final StartedBy TIMER = new StartedBy("javax.swing.Timer");

    /** The class whose own frames are skipped (the one whose start is being called). */
    private final String skip;

    private StartedBy(String skip) {
        this.skip = skip;
    }

    /** Whether the thread being started is started by JDK code (a pool, a timer, the toolkit). */
    static boolean jdk() {
        return jdk(INSTANCE);
    }

    /** Whether a Swing {@code Timer} is started by JDK code (a caret's blink, SwingWorker, tool tips). */
    static boolean jdkTimer() {
        return jdk(TIMER);
    }

    private static boolean jdk(StartedBy which) {
        Optional<StackWalker.StackFrame> caller = WALKER.walk(which);
        if (caller.isEmpty()) {
            return true;
        }
        String c = caller.get().getClassName();
        return c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("sun.") || c.startsWith("jdk.")
                || c.startsWith("com.sun.");
    }

    @Override
    public Optional<StackWalker.StackFrame> apply(Stream<StackWalker.StackFrame> frames) {
        return frames.filter(f -> !f.getClassName().equals(skip)
                && !f.getClassName().startsWith("dev.ura.agent.")).findFirst();
    }
}
