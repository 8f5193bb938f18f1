package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;

/**
 * Where the JSON objects of an agent log come from: the file itself (JSON Lines) or the agent's
 * lines of a logcat dump. A source hands out one parser over many root-level objects and maps the
 * parser's rows back to lines of the file; after a syntax error it restarts past the bad line.
 */
interface PayloadSource {

    /**
     * A parser over the remaining objects, starting at the current restart point.
     *
     * @return the parser, or {@code null} when nothing is left
     */
    JsonParser open(JsonFactory factory) throws IOException;

    /**
     * The 1-based file line of a row of the parser last opened; also sets the logcat prefix ids of
     * that row in {@code fields} (-1 when the source has none).
     */
    int lineOf(int row, EventFields fields);

    /** Makes the next {@link #open} start after the line of {@code row} (a syntax error there). */
    void skipAfter(int row);

    /** Rows before {@code row} of the current parser will not be asked about again. */
    void release(int row);

    /** Bytes of the file consumed so far, for progress. */
    long position(JsonParser parser);
}
