package dev.ura.trace.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.ThreadInfo;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.TimelineFrame;
import dev.ura.trace.model.system.WakeupTable;
import dev.ura.trace.util.LoadThreads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The model's work after the last event ({@link SystemTraceBuilder#build}): each thread's calls,
 * names and scheduler states, the frames, the app's main thread; on the calling thread and, when
 * the load may use more than one, a second one.
 *
 * <p>The two halves read nothing of each other until the states: the scheduler model's walk of each
 * CPU and its wakeup table on the second thread, the calls, names and frames on the calling one.
 * Each thread's states need only that walk and that thread's runs and wakes, so they are built by
 * whichever of the two is free, thread by thread: the two halves differ in size from trace to trace
 * (a scheduler-heavy capture, a slice-heavy one), and the states even them out. The result is the
 * one thread's, whoever built each piece: every piece is per thread and lands in its thread's slot.
 */
final class ModelBuild {
    /** What {@link #run} returns: per thread (by model index) and for the trace. */
    record Parts(List<ThreadTrack> tracks, long[] tgids, MethodTable methods, List<ThreadInfo> infos,
                 List<Frame> frames, int appThread, WakeupTable wakeups, List<ThreadStateTable> states) {
    }

    private final ThreadRegistry registry;
    private final Names names;
    private final SliceCollector slices;
    private final SchedCollector sched;
    private final List<TimelineFrame> timeline;
    private final int n;
    private final long end;
    private final ThreadStateTable[] states;
    /** The next thread whose states nobody builds yet. */
    private final AtomicInteger nextState = new AtomicInteger();

    ModelBuild(ThreadRegistry registry, Names names, SliceCollector slices, SchedCollector sched,
               List<TimelineFrame> timeline, long end) {
        this.registry = registry;
        this.names = names;
        this.slices = slices;
        this.sched = sched;
        this.timeline = timeline;
        this.n = registry.size();
        this.end = end;
        this.states = new ThreadStateTable[n];
    }

    /**
     * Builds the parts, on a second thread too when the load may use more than one ({@code threads},
     * 0: {@link LoadThreads#count()}) and there are scheduler events.
     */
    Parts run(int threads) {
        boolean two = sched.any() && (threads > 0 ? threads : LoadThreads.count()) > 1;
        CountDownLatch prepared = new CountDownLatch(1);
        FutureTask<Void> schedHalf = new FutureTask<>(() -> {
            try {
                sched.prepare(n, end);
            } finally {
                prepared.countDown();
            }
            buildStates();
            return null;
        });
        if (two) {
            Thread t = new Thread(schedHalf, "ura-sched-model");
            t.setDaemon(true);
            t.start();
        }
        List<CallTable> calls = new ArrayList<>(n);
        long[] tgids = new long[n];
        for (int t = 0; t < n; t++) {
            calls.add(slices.calls(t, end));
            tgids[t] = registry.tgid(t);
        }
        MethodTable methods = names.build();
        long[] tids = new long[n];
        List<ThreadInfo> infos = new ArrayList<>(n);
        for (int t = 0; t < n; t++) {
            infos.add(registry.threadInfo(t)); // sorts the thread's names: once per thread
            tids[t] = infos.get(t).tid();
        }
        List<Frame> frames = TimelineFrames.add(FrameJoiner.join(calls, tgids, methods, timeline), timeline, tids);
        int appThread = AppProcess.pick(calls, tgids, methods);
        if (appThread < 0) {
            // App-only tracing: no input, launch or doFrame slice, but FrameTimeline saw its frames.
            appThread = TimelineFrames.mainThreadOfBusiest(frames);
        }
        if (two) {
            awaitUninterruptibly(prepared);
            if (sched.prepared()) {
                buildStates(); // the rest of the states beside the second thread
            }
            result(schedHalf);
        } else {
            schedHalf.run();
            result(schedHalf);
        }
        List<ThreadTrack> tracks = new ArrayList<>(n);
        for (int t = 0; t < n; t++) {
            ThreadInfo info = infos.get(t);
            tracks.add(new ThreadTrack(info.tid(), info.lastName(), t == appThread, slices.records(t), calls.get(t)));
        }
        return new Parts(tracks, tgids, methods, infos, frames, appThread, sched.wakeups(), Arrays.asList(states));
    }

    /** Builds the states of threads nobody has taken yet, until none is left. */
    private void buildStates() {
        ThreadStateTable.Builder scratch = new ThreadStateTable.Builder(1024);
        for (int t; (t = nextState.getAndIncrement()) < n; ) {
            states[t] = sched.threadStates(t, scratch);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the model is needed either way; it takes a fraction of a second
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for the task run on the second thread (its failure is this thread's). */
    private static void result(FutureTask<Void> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the model is needed either way; it takes a fraction of a second
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
