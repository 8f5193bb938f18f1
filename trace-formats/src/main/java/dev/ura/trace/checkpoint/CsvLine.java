package dev.ura.trace.checkpoint;

import java.util.ArrayList;
import java.util.List;

/** Splits one CSV line into fields (RFC 4180 quoting: {@code "a,b"} and {@code ""} inside quotes). */
final class CsvLine {
    private CsvLine() {
    }

    /**
     * The fields of {@code line}, trimmed when unquoted.
     *
     * @return the fields, or {@code null} when a quote is left open
     */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"' && cur.toString().isBlank()) {
                cur.setLength(0);
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                fields.add(wasQuoted ? cur.toString() : cur.toString().trim());
                cur.setLength(0);
                wasQuoted = false;
            } else {
                cur.append(c);
            }
        }
        if (quoted) {
            return null;
        }
        fields.add(wasQuoted ? cur.toString() : cur.toString().trim());
        return fields;
    }
}
