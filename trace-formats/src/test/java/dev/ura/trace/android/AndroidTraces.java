package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Helpers for byte-level reader tests: read bytes, dump a thread's calls as comparable text. */
final class AndroidTraces {
    private AndroidTraces() {
    }

    static Trace read(byte[] bytes) throws TraceFormatException {
        return TraceFiles.read("test.trace", ByteBuffer.wrap(bytes), Progress.NONE);
    }

    static ThreadTrack thread(Trace trace, String name) {
        return trace.threads().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name + " in " + trace.threads()));
    }

    /**
     * One line per call, pre-order: indentation = depth, method name, start-end in µs (wall, or
     * the only clock), and {@code cpu a-b} when thread-CPU columns exist.
     */
    static List<String> calls(Trace trace, String threadName) {
        CallTable c = thread(trace, threadName).calls();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            StringBuilder sb = new StringBuilder("  ".repeat(c.depth(i)))
                    .append(trace.methods().get(c.method(i)).name())
                    .append(' ').append(c.start(i) / 1000).append('-').append(c.end(i) / 1000);
            if (c.hasCpuTime()) {
                sb.append(" cpu ").append(c.cpuStart(i) / 1000).append('-').append(c.cpuEnd(i) / 1000);
            }
            lines.add(sb.toString());
        }
        return lines;
    }
}
