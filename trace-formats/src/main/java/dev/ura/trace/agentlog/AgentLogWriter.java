package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.ura.trace.model.EventKind;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * Writes agent-log v1 lines, as JSON Lines or wrapped in {@code adb logcat -v threadtime} lines
 * (pid/tid prefix, tag {@value AgentLogReader#DEFAULT_TAG}), for sample traces, tests and
 * benchmarks:
 *
 * <pre>{@code
 * AgentLogWriter w = AgentLogWriter.jsonLines(out).meta("com.example.news").thread(1, "main", true);
 * w.begin(1_000_000, 1, EventKind.USER_INPUT).name("onClick").view(3).write();
 * w.end(1_300_000, 1, EventKind.USER_INPUT).write();
 * }</pre>
 *
 * Fields appear in the order given, after {@code ts}, {@code tid}, {@code kind} and {@code ph}.
 * Write failures of the {@link Appendable} surface as {@link UncheckedIOException}. Not thread-safe.
 */
public final class AgentLogWriter {
    private static final DateTimeFormatter LOGCAT_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss.SSS");
    /** The wall-clock time logcat prefixes show for {@code ts} 0 (only differences matter). */
    private static final LocalDateTime LOGCAT_EPOCH = LocalDateTime.of(2026, 1, 1, 0, 0);

    private final Appendable out;
    private final boolean logcat;
    private final long pid;
    private String tag = AgentLogReader.DEFAULT_TAG;
    private final Line line = new Line();
    private long lastTs;

    private AgentLogWriter(Appendable out, boolean logcat, long pid) {
        this.out = out;
        this.logcat = logcat;
        this.pid = pid;
    }

    /** A writer of plain JSON Lines. */
    public static AgentLogWriter jsonLines(Appendable out) {
        return new AgentLogWriter(out, false, -1);
    }

    /** A writer of logcat {@code threadtime} lines of process {@code pid}. */
    public static AgentLogWriter logcat(Appendable out, long pid) {
        return new AgentLogWriter(out, true, pid);
    }

    /** Sets the logcat tag (default {@value AgentLogReader#DEFAULT_TAG}). */
    public AgentLogWriter tag(String logcatTag) {
        this.tag = logcatTag;
        return this;
    }

    /** Writes {@code {"kind":"META","version":1,"app":app}}. */
    public AgentLogWriter meta(String app) {
        return meta(Map.of("app", app));
    }

    /** Writes a META line with {@code version} 1 and the given fields (numbers unquoted). */
    public AgentLogWriter meta(Map<String, ?> fields) {
        Line l = line.start(Long.MIN_VALUE, -1, "META", (char) 0).field("version", 1);
        fields.forEach(l::field);
        return l.write();
    }

    /** Writes a THREAD line naming {@code tid}. */
    public AgentLogWriter thread(long tid, String name, boolean main) {
        Line l = line.start(Long.MIN_VALUE, tid, "THREAD", (char) 0).field("name", name);
        if (main) {
            l.field("main", Boolean.TRUE);
        }
        return l.write();
    }

    /** Starts an instant; add fields, then {@link Line#write()}. */
    public Line instant(long ts, long tid, EventKind kind) {
        return instant(ts, tid, kind.name());
    }

    /** Starts an instant of a kind given by spelling (unknown kinds included). */
    public Line instant(long ts, long tid, String kind) {
        return line.start(ts, tid, kind, (char) 0);
    }

    /** Starts the {@code B} line of an interval. */
    public Line begin(long ts, long tid, EventKind kind) {
        return begin(ts, tid, kind.name());
    }

    /** Starts the {@code B} line of an interval of a kind given by spelling. */
    public Line begin(long ts, long tid, String kind) {
        return line.start(ts, tid, kind, 'B');
    }

    /** Starts the {@code E} line closing the innermost open interval of {@code kind} on {@code tid}. */
    public Line end(long ts, long tid, EventKind kind) {
        return end(ts, tid, kind.name());
    }

    /** Starts an {@code E} line of a kind given by spelling. */
    public Line end(long ts, long tid, String kind) {
        return line.start(ts, tid, kind, 'E');
    }

    /** The line being composed; reused, so finish one with {@link #write()} before starting the next. */
    public final class Line {
        private final StringBuilder json = new StringBuilder(160);
        private long tid;
        private long ts;

        private Line start(long startTs, long threadId, String kind, char ph) {
            json.setLength(0);
            ts = startTs;
            tid = threadId;
            json.append('{');
            if (startTs != Long.MIN_VALUE) {
                json.append("\"ts\":").append(startTs).append(',');
            }
            if (threadId >= 0) {
                json.append("\"tid\":").append(threadId).append(',');
            }
            json.append("\"kind\":");
            quote(kind);
            if (ph != 0) {
                json.append(",\"ph\":\"").append(ph).append('"');
            }
            return this;
        }

        /** The {@code name} (input handler, activity, dispatched method, {@code pkg.Class.method}). */
        public Line name(String value) {
            return field("name", value);
        }

        /** The hand-off identity (a string or a number). */
        public Line obj(Object value) {
            return field("obj", value);
        }

        /** The view identity of INVALIDATE / DRAW / USER_INPUT (a string or a number). */
        public Line view(Object value) {
            return field("view", value);
        }

        /** The page identity of PAGE_START / PAGE_FINISH. */
        public Line page(Object value) {
            return field("page", value);
        }

        /** The surface identity of REQUEST_RENDER / DRAW_FRAME. */
        public Line surface(Object value) {
            return field("surface", value);
        }

        /** The hand-off mechanism: {@code handler}, {@code runnable}, {@code asynctask}, {@code executor}, {@code thread}. */
        public Line via(String value) {
            return field("via", value);
        }

        /** The thread a SEND_MSG hands work to. */
        public Line targetTid(long value) {
            return field("target_tid", value);
        }

        /** The delay of a SEND_MSG, ms. */
        public Line delayMs(long value) {
            return field("delay_ms", value);
        }

        /** Bytes moved by an I/O interval. */
        public Line bytes(long value) {
            return field("bytes", value);
        }

        /** The file of a READ / WRITE. */
        public Line path(String value) {
            return field("path", value);
        }

        /** The host of a SEND / RECV. */
        public Line host(String value) {
            return field("host", value);
        }

        /** Any field: numbers and booleans are written bare, everything else as a JSON string. */
        public Line field(String key, Object value) {
            json.append(',');
            quote(key);
            json.append(':');
            if (value instanceof Number || value instanceof Boolean) {
                json.append(value);
            } else {
                quote(String.valueOf(value));
            }
            return this;
        }

        /** Writes the line and returns the writer for the next one. */
        public AgentLogWriter write() {
            json.append('}');
            try {
                if (logcat) {
                    if (ts != Long.MIN_VALUE) {
                        lastTs = ts;
                    }
                    out.append(LOGCAT_TIME.format(LOGCAT_EPOCH.plusNanos(lastTs)));
                    out.append(String.format(" %5d %5d I %-8s: ", pid, tid < 0 ? pid : tid, tag));
                }
                out.append(json).append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return AgentLogWriter.this;
        }

        private void quote(String s) {
            json.append('"').append(JsonStringEncoder.getInstance().quoteAsString(s)).append('"');
        }
    }
}
