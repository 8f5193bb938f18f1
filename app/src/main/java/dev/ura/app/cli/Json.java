package dev.ura.app.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/** JSON output of the commands: pretty-printed, fields in declaration order, no trailing garbage. */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper(new JsonFactory().setCharacterEscapes(new ControlEscapes()))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .registerModule(new SimpleModule("finite-numbers")
                    .addSerializer(Double.class, new FiniteDoubleSerializer())
                    .addSerializer(double.class, new FiniteDoubleSerializer())
                    .addSerializer(Float.class, new FiniteFloatSerializer())
                    .addSerializer(float.class, new FiniteFloatSerializer()));

    /**
     * JSON has no infinity or NaN; Jackson would write them as the strings "Infinity" and "NaN",
     * which a script reading a number then chokes on. A number that is not finite is null.
     */
    private static final class FiniteDoubleSerializer extends StdSerializer<Double> {
        FiniteDoubleSerializer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (Double.isFinite(v)) {
                g.writeNumber(v);
            } else {
                g.writeNull();
            }
        }
    }

    /** As {@link FiniteDoubleSerializer}, for floats. */
    private static final class FiniteFloatSerializer extends StdSerializer<Float> {
        FiniteFloatSerializer() {
            super(Float.class);
        }

        @Override
        public void serialize(Float v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (Float.isFinite(v)) {
                g.writeNumber(v);
            } else {
                g.writeNull();
            }
        }
    }

    /**
     * Jackson escapes U+0000–U+001F only; DEL and the C1 controls (U+0080–U+009F) went out raw,
     * and the terminal guard on standard output then turned them into {@code \x7f}, which is not
     * JSON. Every one of them, and the line and paragraph separators, is written as
     * {@code &#92;u00XX} ({@code &#92;u2028}) instead.
     */
    static final class ControlEscapes extends CharacterEscapes {
        private final int[] ascii;

        ControlEscapes() {
            ascii = CharacterEscapes.standardAsciiEscapesForJSON();
            ascii[0x7F] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if ((ch >= 0x80 && ch <= 0x9F) || ch == 0x2028 || ch == 0x2029) {
                return new SerializedString(String.format("\\u%04X", ch));
            }
            return null;
        }
    }

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
