package dev.ura.samples.timeline;

import java.util.List;

/**
 * One thread of a generated timeline.
 *
 * @param tid   thread id (a Linux tid below 65536, so it fits a trace record)
 * @param name  thread name
 * @param main  whether it is the app's main thread
 * @param roots its top-level calls in order
 */
public record TimelineThread(long tid, String name, boolean main, List<CallNode> roots) {
    public TimelineThread {
        roots = List.copyOf(roots);
    }
}
