package dev.ura.app.render;

/**
 * The text above an exported picture.
 *
 * @param file     the trace file name
 * @param response the response shown (e.g. {@code #2 onClick}), or {@code null}
 * @param duration its duration text, or {@code null}
 * @param whatIf   a one-line summary of the what-if scenario (with its saving), or {@code null}
 * @param facts    what the file says about the device and VM, one line, or {@code null}
 * @param ending   why the response ended where it did, one line, or {@code null}
 */
public record ExportHeader(String file, String response, String duration, String whatIf, String facts, String ending) {

    /** A header without device facts or end reason. */
    public ExportHeader(String file, String response, String duration, String whatIf) {
        this(file, response, duration, whatIf, null, null);
    }
}
