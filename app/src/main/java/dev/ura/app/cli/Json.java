package dev.ura.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/** JSON output of the commands: pretty-printed, fields in declaration order, no trailing garbage. */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private Json() {
    }

    /** The shared mapper (thread-safe once configured). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Writes {@code value} and a newline. */
    public static void print(PrintWriter out, Object value) {
        try {
            MAPPER.writeValue(out, value);
            out.println();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
