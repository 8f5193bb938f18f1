package dev.ura.trace.chrome;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Reads Chrome Trace Event JSON (what {@code chrome://tracing}, Perfetto's JSON importer and many
 * profilers use): the array form {@code [ {...}, ... ]} or the object form
 * {@code {"traceEvents": [...]}}. {@code ts} / {@code dur} are µs (fractions kept to the ns);
 * {@code B}/{@code E} and {@code X} events become calls of their (pid, tid) thread; {@code M}
 * {@code thread_name} / {@code process_name} name them; flow events {@code s}/{@code t}/{@code f}
 * become {@code SEND_MSG} / {@code DISPATCH_MSG} events whose identity is the flow id, so the
 * analysis sees them as hand-offs; instants become events. Other phases are counted in a warning.
 */
public final class ChromeJsonReader implements TraceReader {
    /**
     * The object form may put other keys before {@code traceEvents} (past the sniffed head); these
     * first keys are Trace Event JSON's own and no other format's.
     */
    private static final Pattern CONTAINER_KEY = Pattern.compile(
            "\\uFEFF?\\s*\\{\\s*\"(displayTimeUnit|otherData|metadata|stackFrames|samples|systemTraceEvents|"
                    + "powerTraceAsString|controllerTraceDataKey|traceEvents)\"\\s*:");

    @Override
    public String formatName() {
        return "chrome-json";
    }

    @Override
    public boolean canRead(byte[] head) {
        String text = new String(head, StandardCharsets.UTF_8);
        int i = 0;
        if (text.startsWith("\uFEFF")) {
            i = 1;
        }
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i >= text.length()) {
            return false;
        }
        char c = text.charAt(i);
        if (c == '{') {
            return text.contains("\"traceEvents\"") || CONTAINER_KEY.matcher(text).lookingAt();
        }
        if (c != '[') {
            return false;
        }
        int j = i + 1;
        while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
            j++;
        }
        return j < text.length() && (text.charAt(j) == ']' || (text.charAt(j) == '{' && text.contains("\"ph\"")));
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        ChromeTraceBuilder builder = new ChromeTraceBuilder(source);
        new ChromeEventParser(source, builder).parse(data, progress);
        return builder.build();
    }
}
