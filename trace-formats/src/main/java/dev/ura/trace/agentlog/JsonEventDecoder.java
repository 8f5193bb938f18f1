package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import dev.ura.trace.io.Progress;

import java.io.IOException;

/**
 * Decodes the JSON objects of a {@link PayloadSource} with Jackson's streaming parser (no tree, no
 * data binding): the fields of each object go into one reused {@link EventFields} and on to the
 * {@link AgentLogAssembler}. A syntax error costs the bad line (a warning) and a fresh parser after it.
 */
final class JsonEventDecoder {
    /** Agent events are flat; anything deeper than this is not one of them. */
    private static final int MAX_NESTING = 32;
    /** logcat payloads are at most about 4 KB; a longer JSON string is not an agent's. */
    private static final int MAX_STRING_CHARS = 1 << 20;
    private static final int PROGRESS_EVERY = 1 << 16;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING)
                    .maxNumberLength(64)
                    .maxStringLength(MAX_STRING_CHARS)
                    .maxNameLength(1024)
                    .build())
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    private final StringPool pool;
    private final AgentLogAssembler assembler;
    private final Warnings warnings;
    private final Progress progress;
    private final long totalBytes;
    private final EventFields fields = new EventFields();

    JsonEventDecoder(StringPool pool, AgentLogAssembler assembler, Warnings warnings, Progress progress,
                     long totalBytes) {
        this.pool = pool;
        this.assembler = assembler;
        this.warnings = warnings;
        this.progress = progress;
        this.totalBytes = totalBytes;
    }

    /** A caller that decodes most lines itself and lends the odd ones to this decoder. */
    interface Handback {
        /**
         * Called after each object: whether the caller takes over from here (it has then set the
         * source's restart point past the object's line).
         */
        boolean takeOver(JsonParser parser);
    }

    /** Decodes every object of the source. */
    void run(PayloadSource source) throws IOException {
        JsonParser parser;
        while ((parser = source.open(FACTORY)) != null) {
            try (JsonParser p = parser) {
                decodeAll(p, source, null, 0);
            }
        }
    }

    /**
     * Decodes from the source's restart point until {@code handback} takes over, a syntax error or
     * the end. The first {@code replayed} objects were decoded by the caller already: they are parsed
     * again, unused, only so that what follows is tokenized exactly as by a parser that never stopped.
     */
    void runUntil(PayloadSource source, Handback handback, int replayed) throws IOException {
        JsonParser parser = source.open(FACTORY);
        if (parser != null) {
            try (JsonParser p = parser) {
                decodeAll(p, source, handback, replayed);
            }
        }
    }

    /**
     * Decodes until the end of the parser's input, a syntax error (then arranges the restart) or
     * the {@code handback} (may be null) taking over.
     */
    private void decodeAll(JsonParser p, PayloadSource source, Handback handback, int replayed) {
        ParserBase base = p instanceof ParserBase pb ? pb : null;
        int objectRow = -1;
        int count = 0;
        try {
            while (true) {
                objectRow = -1;
                JsonToken t = p.nextToken();
                if (t == null) {
                    return;
                }
                int row = base != null ? base.getTokenLineNr() : p.currentTokenLocation().getLineNr();
                if (t != JsonToken.START_OBJECT) {
                    warnings.badLine(source.lineOf(row, fields), "not a JSON object");
                    source.skipAfter(row);
                    return;
                }
                objectRow = row;
                readFields(p);
                if (replayed > 0) {
                    replayed--;
                    continue;
                }
                int line = source.lineOf(row, fields);
                if (fields.problem != null) {
                    warnings.badLine(line, fields.problem);
                } else {
                    assembler.accept(fields, line);
                }
                source.release(row);
                if (handback != null && handback.takeOver(p)) {
                    return;
                }
                if (++count % PROGRESS_EVERY == 0) {
                    progress.update(source.position(p), totalBytes);
                    progress.checkCancelled();
                }
            }
        } catch (IOException e) {
            int row = objectRow >= 0 ? objectRow : errorRow(e, p);
            warnings.badLine(source.lineOf(row, fields), describe(e));
            source.skipAfter(row);
        }
    }

    private static int errorRow(IOException e, JsonParser p) {
        JsonLocation at = e instanceof JsonProcessingException jpe ? jpe.getLocation() : null;
        if (at == null || at.getLineNr() < 1) {
            at = p.currentLocation();
        }
        return Math.max(1, at.getLineNr());
    }

    private static String describe(IOException e) {
        String m = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        if (m != null && m.startsWith("Unexpected end-of-input")) {
            return "truncated (" + m + ")";
        }
        return m;
    }

    private void readFields(JsonParser p) throws IOException {
        EventFields f = fields;
        f.reset();
        String field;
        while ((field = p.nextFieldName()) != null) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NULL) {
                continue; // a null field is an absent one
            }
            switch (field) {
                case "ts" -> {
                    f.ts = integer(p, t, field);
                    f.hasTs = true;
                }
                case "tid" -> {
                    f.tid = integer(p, t, field);
                    f.hasTid = true;
                }
                case "kind" -> f.kind = string(p, t, field);
                case "ph" -> phase(p, t);
                case "name" -> f.name = string(p, t, field);
                case "obj", "view", "page", "surface" -> f.identity = identity(p, t, field);
                case "via" -> f.via = string(p, t, field);
                case "path", "host" -> f.detail = string(p, t, field);
                case "bytes" -> f.bytes = Math.max(-1, integer(p, t, field));
                case "target_tid" -> f.targetTid = integer(p, t, field);
                case "delay_ms" -> f.delayNs = delayNs(p, t);
                case "main" -> f.main = t == JsonToken.VALUE_TRUE;
                default -> extra(p, t, field);
            }
        }
    }

    private long integer(JsonParser p, JsonToken t, String field) throws IOException {
        if (t != JsonToken.VALUE_NUMBER_INT) {
            fields.problem("\"" + field + "\" is not an integer");
            p.skipChildren();
            return 0;
        }
        try {
            return p.getLongValue();
        } catch (InputCoercionException e) {
            fields.problem("\"" + field + "\" is out of range");
            return 0;
        }
    }

    private int string(JsonParser p, JsonToken t, String field) throws IOException {
        if (t != JsonToken.VALUE_STRING) {
            fields.problem("\"" + field + "\" is not a string");
            p.skipChildren();
            return -1;
        }
        return pool.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    /** Identities are opaque: integers and strings are both kept as their text. */
    private int identity(JsonParser p, JsonToken t, String field) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return pool.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        }
        return string(p, t, field);
    }

    private void phase(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_STRING && p.getTextLength() == 1) {
            char c = p.getTextCharacters()[p.getTextOffset()];
            if (c == 'B' || c == 'E') {
                fields.ph = c;
                return;
            }
        }
        fields.problem("\"ph\" is not \"B\" or \"E\"");
        p.skipChildren();
    }

    private long delayNs(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return EventFields.delayNs(p.getDoubleValue());
        }
        fields.problem("\"delay_ms\" is not a number");
        p.skipChildren();
        return 0;
    }

    private void extra(JsonParser p, JsonToken t, String field) throws IOException {
        if (t.isScalarValue()) {
            fields.addExtra(field, p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        } else {
            p.skipChildren();
        }
    }
}
