package dev.ura.trace.chrome;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.ura.trace.io.ByteBufferInputStream;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Streams the events of a Trace Event JSON file (the array form, or the object form with a
 * {@code traceEvents} array) with Jackson's streaming parser and hands each to a
 * {@link ChromeTraceBuilder}. A missing closing {@code ]} is allowed (Chrome writes files that
 * way); other syntax errors end the read with a warning, or fail it when no event came before.
 */
final class ChromeEventParser {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final String source;
    private final ChromeTraceBuilder builder;
    private final ChromeEvent event = new ChromeEvent();
    private long events;

    ChromeEventParser(String source, ChromeTraceBuilder builder) {
        this.source = source;
        this.builder = builder;
    }

    void parse(ByteBuffer data, Progress progress) throws TraceFormatException {
        long total = data.remaining();
        JsonParser open = null;
        try (JsonParser p = FACTORY.createParser(new ByteBufferInputStream(data.duplicate()))) {
            open = p;
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_ARRAY) {
                readEvents(p, progress, total);
            } else if (t == JsonToken.START_OBJECT) {
                readContainer(p, progress, total);
            } else {
                throw TraceFormatException.atLine(source, line(p), "expected a JSON array or object of trace events");
            }
        } catch (JsonEOFException e) {
            long line = line(e.getLocation(), open);
            if (events == 0) {
                throw TraceFormatException.atLine(source, line, "unexpected end of JSON before any event");
            }
            builder.warn("line " + line + ": JSON ends early (truncated file?); events up to there are kept");
        } catch (JsonProcessingException e) {
            long line = line(e.getLocation(), open);
            if (events == 0) {
                throw TraceFormatException.atLine(source, line, "bad JSON: " + e.getOriginalMessage());
            }
            builder.warn("line " + line + ": bad JSON (" + e.getOriginalMessage() + "); events after it are dropped");
        } catch (IOException e) {
            throw TraceFormatException.ofFile(source, "cannot read: " + e.getMessage(), e);
        }
    }

    private void readContainer(JsonParser p, Progress progress, long total) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if ("traceEvents".equals(field) && v == JsonToken.START_ARRAY) {
                readEvents(p, progress, total);
            } else {
                p.skipChildren();
            }
        }
    }

    private void readEvents(JsonParser p, Progress progress, long total) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new JsonEOFException(p, null, "missing ]");
            }
            long line = line(p);
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                builder.warn("line " + line + ": an element of the event array is not an object (skipped)");
                continue;
            }
            event.clear();
            event.line = line;
            readEvent(p);
            builder.accept(event);
            if ((++events & 0x3FFF) == 0) {
                progress.update(p.currentLocation().getByteOffset(), total);
                progress.checkCancelled();
            }
        }
    }

    private void readEvent(JsonParser p) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken v = p.nextToken();
            switch (f) {
                case "ph" -> {
                    String s = scalar(p, v);
                    event.ph = s == null || s.isEmpty() ? 0 : s.charAt(0);
                }
                case "name" -> event.name = scalar(p, v);
                case "cat" -> event.cat = scalar(p, v);
                case "ts" -> {
                    event.tsNs = micros(p, v);
                    event.hasTs = v.isNumeric();
                }
                case "dur" -> {
                    event.durNs = micros(p, v);
                    event.hasDur = v.isNumeric();
                }
                case "pid" -> event.pid = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : textId(p, v);
                case "tid" -> {
                    if (v == JsonToken.VALUE_NUMBER_INT) {
                        event.tid = p.getLongValue();
                    } else {
                        event.tidText = scalar(p, v);
                    }
                }
                case "id", "bind_id" -> event.id = scalar(p, v);
                case "id2" -> event.id = id2(p, v);
                case "bp" -> event.bp = scalar(p, v);
                case "args" -> readArgs(p, v);
                default -> p.skipChildren();
            }
        }
    }

    private void readArgs(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken a = p.nextToken();
            switch (f) {
                case "name" -> event.argName = scalar(p, a);
                case "kind" -> event.argKind = scalar(p, a);
                case "identity" -> event.argIdentity = scalar(p, a);
                case "signature" -> event.argSignature = scalar(p, a);
                case "via" -> event.argVia = scalar(p, a);
                case "detail" -> event.argDetail = scalar(p, a);
                case "bytes" -> event.argBytes = a == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                case "target_tid" -> event.argTargetTid = a == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                case "delay_ns" -> event.argDelayNs = a == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : 0;
                default -> p.skipChildren();
            }
        }
    }

    /** A string or number as text; {@code null} for anything else (objects and arrays are skipped). */
    private static String scalar(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING || v.isNumeric() || v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }

    private static long textId(JsonParser p, JsonToken v) throws IOException {
        String s = scalar(p, v);
        return s == null ? 0 : s.hashCode() & 0x7FFF_FFFFL;
    }

    /** {@code id2: {"local": x}} or {@code {"global": x}}. */
    private static String id2(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            return scalar(p, v);
        }
        String id = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String scope = p.currentName();
            String value = scalar(p, p.nextToken());
            id = value == null ? id : scope + ":" + value;
        }
        return id;
    }

    private long micros(JsonParser p, JsonToken v) throws IOException {
        if (!v.isNumeric()) {
            p.skipChildren();
            return 0;
        }
        try {
            return ChromeTimes.microsToNs(p.getText());
        } catch (NumberFormatException e) {
            builder.warn("line " + line(p) + ": time " + p.getText() + " µs is out of range (taken as 0)");
            return 0;
        }
    }

    private static long line(JsonParser p) {
        return line(p.currentTokenLocation());
    }

    /**
     * The line of an error: the exception's location, or where the parser stood when it has none
     * (Jackson's limits on string length and nesting depth throw without a location).
     */
    private static long line(JsonLocation loc, JsonParser p) {
        if (loc != null && loc.getLineNr() > 0) {
            return loc.getLineNr();
        }
        return p == null ? -1 : Math.max(1, p.currentLocation().getLineNr());
    }

    private static long line(JsonLocation loc) {
        return loc == null ? -1 : loc.getLineNr();
    }
}
