package dev.ura.trace.io;

import dev.ura.trace.util.OneLine;

/**
 * The input is not a trace this reader can make sense of. The message is one line a user can act
 * on: the file, where (byte offset or line), and what was wrong.
 */
public class TraceFormatException extends Exception {
    private final String file;
    private final long offset;
    private final long line;
    private final String problem;

    /** The problem often quotes the file's bytes: it is escaped, so the message stays one printable line. */
    private TraceFormatException(String file, long offset, long line, String problem, Throwable cause) {
        super(compose(file, offset, line, OneLine.of(problem)), cause);
        this.file = file;
        this.offset = offset;
        this.line = line;
        this.problem = OneLine.of(problem);
    }

    /** A problem at a byte offset (use -1 when the whole file is at fault). */
    public static TraceFormatException atOffset(String file, long offset, String problem) {
        return new TraceFormatException(file, offset, -1, problem, null);
    }

    /** A problem at a 1-based line of a text format. */
    public static TraceFormatException atLine(String file, long line, String problem) {
        return new TraceFormatException(file, -1, line, problem, null);
    }

    /** A problem with the file as a whole (unreadable, empty, unknown format). */
    public static TraceFormatException ofFile(String file, String problem, Throwable cause) {
        return new TraceFormatException(file, -1, -1, problem, cause);
    }

    private static String compose(String file, long offset, long line, String problem) {
        // A file name may hold a newline or an escape sequence: escaped like the file's content.
        StringBuilder sb = new StringBuilder(String.valueOf(OneLine.of(file)));
        if (offset >= 0) {
            sb.append(": at byte ").append(offset);
        } else if (line >= 0) {
            sb.append(": line ").append(line);
        }
        return sb.append(": ").append(problem).toString();
    }

    public String file() {
        return file;
    }

    /** Byte offset, or -1. */
    public long offset() {
        return offset;
    }

    /** 1-based line, or -1. */
    public long line() {
        return line;
    }

    /** What was wrong, without the location (control characters escaped). */
    public String problem() {
        return problem;
    }
}
