package dev.ura.agent;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.isNative;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.isTypeInitializer;
import static net.bytebuddy.matcher.ElementMatchers.nameMatches;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperClass;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;

/**
 * Which methods get which advice (see {@code docs/agent.md} for the mapping to agent-log kinds).
 * JDK classes already loaded are retransformed; the advice is inlined (no new members), so
 * retransformation and attaching to a running JVM work.
 */
final class Instrumentations {
    private static final String ADVICE = "dev.ura.agent.advice.";

    private Instrumentations() {
    }

    static void install(Instrumentation inst, AgentOptions options, Class<?> hooks) {
        readEdges(inst, hooks.getModule());
        AgentBuilder.Transformer.ForAdvice base = new AgentBuilder.Transformer.ForAdvice()
                .include(Instrumentations.class.getClassLoader());
        AgentBuilder b = new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.RedefinitionStrategy.DiscoveryStrategy.Reiterating.INSTANCE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.REDEFINE)
                .with(new ErrorListener())
                .ignore(nameStartsWith("dev.ura.agent.").or(nameStartsWith("dev.ura.shaded."))
                        .or(nameStartsWith("net.bytebuddy.")).or(isSynthetic()));

        // input and the EDT's queue
        b = b.type(named("java.awt.EventQueue")).transform(base
                .advice(named("dispatchEvent").and(takesArguments(1)), ADVICE + "InputDispatchAdvice")
                .advice(named("postEvent").and(takesArguments(1)), ADVICE + "PostEventAdvice"));
        b = b.type(named("java.awt.Component")).transform(base
                .advice(named("dispatchEvent").and(takesArguments(1)), ADVICE + "InputTargetAdvice"));
        b = b.type(named("javax.swing.AbstractButton")).transform(base
                .advice(named("fireActionPerformed").and(takesArguments(1)), ADVICE + "ActionAdvice"));
        b = b.type(named("java.awt.event.InvocationEvent")).transform(base
                .advice(named("dispatch").and(takesArguments(0)), ADVICE + "DispatchAdvice"));
        // screen updates
        b = b.type(named("javax.swing.RepaintManager")).transform(base
                .advice(named("addDirtyRegion").and(takesArguments(5))
                        .and(takesArgument(0, named("javax.swing.JComponent"))), ADVICE + "RepaintAdvice")
                .advice(named("paintDirtyRegions").and(takesArguments(1)), ADVICE + "PaintPassAdvice"));
        b = b.type(named("javax.swing.JComponent")).transform(base
                .advice(named("paint").and(takesArguments(1)), ADVICE + "PaintAdvice"));
        // an app component that overrides paint() without calling super never reaches JComponent.paint
        b = b.type(not(isJdk()).and(not(isInterface())).and(hasSuperType(named("javax.swing.JComponent")))
                .and(declaresMethod(named("paint").and(takesArguments(1))
                        .and(takesArgument(0, named("java.awt.Graphics"))).and(not(isAbstract()))))).transform(base
                .advice(named("paint").and(takesArguments(1)).and(takesArgument(0, named("java.awt.Graphics")))
                        .and(not(isAbstract())), ADVICE + "PaintAdvice"));
        // an app's javax.swing.Timer: its first firing only (later ones are an animation)
        b = b.type(named("javax.swing.Timer")).transform(base
                .advice(named("start").and(takesArguments(0)), ADVICE + "TimerAdvice")
                .advice(named("stop").and(takesArguments(0)), ADVICE + "TimerStopAdvice")
                .advice(named("fireActionPerformed").and(takesArguments(1)), ADVICE + "TimerFireAdvice"));
        // document edits (what typing does) as METHOD intervals, so they show on the critical path
        b = b.type(named("javax.swing.text.AbstractDocument")).transform(base
                .advice(namedOneOf("insertString", "remove", "replace").and(not(isAbstract())), ADVICE + "MethodAdvice"));
        // SwingWorker's EDT hand-offs (process, done)
        b = b.type(named("sun.swing.AccumulativeRunnable")).transform(base
                .advice(named("add").and(takesArguments(1)), ADVICE + "SwingWorkerSubmitAdvice"));
        // only its Runnables: retransforming its other inner classes (a ThreadFactory, a listener) in an
        // attached JVM fails on their generic signatures, and they have nothing to record
        b = b.type(nameStartsWith("javax.swing.SwingWorker$").and(isSubTypeOf(Runnable.class))
                .and(not(named("javax.swing.SwingWorker$DoSubmitAccumulativeRunnable")))).transform(base
                .advice(named("run").and(not(isAbstract())).and(returns(void.class))
                        .and(takesArguments(0).or(takesArguments(1).and(takesArgument(0, named("java.util.List"))))),
                        ADVICE + "SwingWorkerStepAdvice"));
        // executors and threads
        b = b.type(named("java.util.concurrent.ThreadPoolExecutor")).transform(base
                .advice(named("execute").and(takesArguments(1)), ADVICE + "ExecuteAdvice")
                .advice(named("beforeExecute").and(takesArguments(2)), ADVICE + "PoolTaskAdvice")
                .advice(named("afterExecute").and(takesArguments(2)), ADVICE + "PoolTaskEndAdvice"));
        b = b.type(named("java.util.concurrent.ScheduledThreadPoolExecutor")).transform(base
                .advice(named("delayedExecute").and(takesArguments(1)), ADVICE + "ScheduleAdvice"));
        b = b.type(named("java.util.concurrent.ForkJoinPool")).transform(base
                .advice(namedOneOf("externalSubmit", "poolSubmit").and(takesArgument(0, named("java.util.concurrent.ForkJoinTask"))
                        .or(takesArgument(1, named("java.util.concurrent.ForkJoinTask")))), ADVICE + "ExecuteAdvice"));
        b = b.type(named("java.util.concurrent.ForkJoinTask")).transform(base
                .advice(named("doExec").and(takesArguments(0)), ADVICE + "DispatchAdvice"));
        b = b.type(named("java.util.concurrent.CompletableFuture$ThreadPerTaskExecutor")).transform(base
                .advice(named("execute").and(takesArguments(1)), ADVICE + "ExecuteAdvice"));
        // an app's own Executor (any execute(Runnable) implementation), and the JDK queues such an
        // executor's own threads take its tasks from
        b = b.type(not(isJdk()).and(not(isInterface())).and(hasSuperType(named("java.util.concurrent.Executor")))).transform(base
                .advice(named("execute").and(takesArguments(1)).and(takesArgument(0, named("java.lang.Runnable")))
                        .and(not(isAbstract())), ADVICE + "AppExecuteAdvice"));
        b = b.type(nameStartsWith("java.util.concurrent.").and(not(isInterface()))
                .and(hasSuperType(named("java.util.concurrent.BlockingQueue")))).transform(base
                .advice(namedOneOf("offer", "put", "offerFirst", "offerLast", "putFirst", "putLast", "transfer", "tryTransfer")
                        .and(takesArgument(0, Object.class)).and(not(isAbstract())), ADVICE + "QueueOfferAdvice")
                .advice(namedOneOf("take", "poll", "takeFirst", "takeLast", "pollFirst", "pollLast")
                        .and(returns(Object.class)).and(not(isAbstract())), ADVICE + "QueueTakeAdvice"));
        b = b.type(named("java.lang.Thread")).transform(base
                .advice(named("start").and(takesArguments(0)), ADVICE + "ThreadStartAdvice")
                .advice(named("run").and(takesArguments(0)), ADVICE + "ThreadRunAdvice")
                // join() and join(long, int) call join(long): one wait
                .advice(named("join").and(takesArguments(long.class)), ADVICE + "WaitAdvice"));
        b = b.type(not(isJdk()).and(not(isInterface())).and(hasSuperClass(named("java.lang.Thread")))).transform(base
                .advice(named("run").and(takesArguments(0)).and(not(isAbstract())), ADVICE + "ThreadSubclassRunAdvice"));
        // waits for other threads: the waiter's WAIT and resume, the releasing thread's release
        b = b.type(named("java.util.concurrent.FutureTask")).transform(base
                .advice(named("get").and(takesArguments(0).or(takesArguments(2))), ADVICE + "WaitAdvice")
                .advice(namedOneOf("set", "setException").and(takesArguments(1)), ADVICE + "ReleaseAdvice"));
        b = b.type(named("java.util.concurrent.CompletableFuture")).transform(base
                .advice(namedOneOf("get", "join").and(takesArguments(0).or(takesArguments(2))), ADVICE + "WaitAdvice")
                .advice(namedOneOf("completeValue", "completeThrowable", "completeNull", "completeRelay", "internalComplete")
                        .and(returns(boolean.class)), ADVICE + "CompleteAdvice")
                // completion callbacks registered on a future not complete yet
                .advice(named("unipush").and(takesArguments(1)).or(namedOneOf("bipush", "orpush").and(takesArguments(2))),
                        ADVICE + "CallbackRegisterAdvice"));
        String cf = "java.util.concurrent.CompletableFuture$";
        b = b.type(namedOneOf(cf + "UniApply", cf + "UniAccept", cf + "UniRun", cf + "UniWhenComplete", cf + "UniHandle",
                cf + "UniExceptionally", cf + "UniCompose", cf + "UniComposeExceptionally")).transform(base
                .advice(named("tryFire").and(takesArguments(int.class)), ADVICE + "UniFireAdvice"));
        b = b.type(namedOneOf(cf + "BiApply", cf + "BiAccept", cf + "BiRun", cf + "OrApply", cf + "OrAccept", cf + "OrRun"))
                .transform(base.advice(named("tryFire").and(takesArguments(int.class)), ADVICE + "BiFireAdvice"));
        b = b.type(named("java.util.concurrent.CountDownLatch")).transform(base
                .advice(named("await"), ADVICE + "WaitAdvice")
                .advice(named("countDown").and(takesArguments(0)), ADVICE + "LatchCountDownAdvice"));
        // storage and network
        ElementMatcher.Junction<MethodDescription> readInto = named("read").and(takesArguments(1).or(takesArguments(3)))
                .or(namedOneOf("readAllBytes", "readNBytes").and(takesArguments(1).or(takesArguments(0))));
        b = b.type(namedOneOf("java.io.FileInputStream", "java.io.RandomAccessFile")).transform(base
                .advice(readInto.and(takesArgument(0, byte[].class).or(takesArguments(0)).or(named("readNBytes"))),
                        ADVICE + "FileReadAdvice")
                .advice(named("read").and(takesArguments(0)), ADVICE + "FileReadByteAdvice")
                .advice(named("write"), ADVICE + "FileWriteAdvice"));
        b = b.type(named("java.io.FileOutputStream")).transform(base
                .advice(named("write"), ADVICE + "FileWriteAdvice"));
        b = b.type(named("sun.nio.ch.FileChannelImpl")).transform(base
                .advice(named("read").and(takesArgument(0, named("java.nio.ByteBuffer")).or(takesArgument(0,
                        named("java.nio.ByteBuffer[]")))), ADVICE + "FileReadAdvice")
                .advice(named("write").and(takesArgument(0, named("java.nio.ByteBuffer")).or(takesArgument(0,
                        named("java.nio.ByteBuffer[]")))), ADVICE + "FileWriteAdvice"));
        b = b.type(named("java.nio.file.Files")).transform(base
                .advice(namedOneOf("readAllBytes", "readString", "readAllLines", "write", "writeString")
                        .and(takesArgument(0, named("java.nio.file.Path"))), ADVICE + "FilesAdvice"));
        b = b.type(named("sun.nio.ch.NioSocketImpl")).transform(base
                .advice(namedOneOf("read", "write").and(takesArguments(3)).and(takesArgument(0, byte[].class)),
                        ADVICE + "SocketAdvice"));
        b = b.type(named("sun.nio.ch.SocketChannelImpl")).transform(base
                .advice(namedOneOf("read", "write").and(takesArgument(0, named("java.nio.ByteBuffer"))
                        .or(takesArgument(0, named("java.nio.ByteBuffer[]")))), ADVICE + "SocketChannelAdvice"));
        b = b.type(named("jdk.internal.net.http.HttpClientImpl")).transform(base
                .advice(named("send").and(takesArguments(2)), ADVICE + "HttpSendAdvice")
                .advice(named("sendAsync").and(takesArguments(3)), ADVICE + "HttpSendAsyncAdvice"));
        // the app's own methods
        Pattern include = options.includePattern();
        if (include != null) {
            b = b.type(nameMatches(include.pattern()).and(not(isInterface())).and(not(isJdk()))).transform(base
                    .advice(isMethod().and(not(isAbstract())).and(not(isNative())).and(not(isSynthetic()))
                            .and(not(isConstructor())).and(not(isTypeInitializer())), ADVICE + "MethodAdvice"));
        }
        b.installOn(inst);
    }

    private static ElementMatcher.Junction<TypeDescription> isJdk() {
        return nameStartsWith("java.").or(nameStartsWith("javax.")).or(nameStartsWith("sun."))
                .or(nameStartsWith("jdk.")).or(nameStartsWith("com.sun."));
    }

    /** JDK modules must read the boot loader's unnamed module to call the hooks. */
    private static void readEdges(Instrumentation inst, Module hooks) {
        for (String name : new String[] {"java.base", "java.desktop", "java.net.http"}) {
            ModuleLayer.boot().findModule(name).ifPresent(m -> {
                if (inst.isModifiableModule(m)) {
                    inst.redefineModule(m, Set.of(hooks), Map.of(), Map.of(), Set.of(), Map.of());
                }
            });
        }
    }

    /** Prints a transformation that failed (one line); the class then simply stays unrecorded. */
    private static final class ErrorListener extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded, Throwable t) {
            System.err.println("ura agent: cannot instrument " + typeName + ": " + t);
        }
    }
}
