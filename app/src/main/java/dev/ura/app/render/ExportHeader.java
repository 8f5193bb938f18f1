package dev.ura.app.render;

/**
 * The text above an exported picture.
 *
 * @param file     the trace file name
 * @param response the response shown (e.g. {@code #2 onClick}), or {@code null}
 * @param duration its duration text, or {@code null}
 * @param whatIf   a one-line summary of the what-if scenario, or {@code null}
 */
public record ExportHeader(String file, String response, String duration, String whatIf) {
}
