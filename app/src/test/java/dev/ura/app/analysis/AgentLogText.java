package dev.ura.app.analysis;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Agent logs written in a test, read by the product's own reader (warnings and repairs included). */
public final class AgentLogText {
    private AgentLogText() {
    }

    /** Reads {@code jsonLines} as the file {@code test.jsonl}. */
    public static Trace read(String jsonLines) {
        try {
            return TraceFiles.read("test.jsonl", ByteBuffer.wrap(jsonLines.getBytes(StandardCharsets.UTF_8)),
                    Progress.NONE);
        } catch (TraceFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Reads and analyses {@code jsonLines} with the default options. */
    public static Analysis analyse(String jsonLines) {
        return Analysis.of(read(jsonLines));
    }
}
