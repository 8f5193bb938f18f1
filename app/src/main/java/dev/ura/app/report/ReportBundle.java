package dev.ura.app.report;

import dev.ura.app.annotations.ScenarioJson;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.List;

/**
 * What {@code bundle.json} in a {@code NAME.ura.zip} says: which entry is the trace, its
 * annotations, the response shown, the what-if scenario, the picture and the summary. The zip is
 * flat: every entry is a plain file name.
 *
 * @param version  bundle format version ({@link #VERSION})
 * @param trace    the trace's entry name
 * @param sidecar  the annotations' entry name ({@code <trace>.ura.json}), or {@code null}
 * @param response the response shown, or {@code null}
 * @param scenario the what-if changes, in order
 * @param image    the picture's entry name, or {@code null}
 * @param summary  the Markdown summary's entry name, or {@code null}
 */
public record ReportBundle(int version, String trace, String sidecar, Integer response, List<ScenarioJson> scenario,
                           String image, String summary) {
    public static final int VERSION = 1;
    public static final String MANIFEST = "bundle.json";
    /** File name ending of a bundle. */
    public static final String SUFFIX = ".ura.zip";

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public ReportBundle {
        scenario = scenario == null ? List.of() : List.copyOf(scenario);
    }

    /** Whether a file name is a bundle's. */
    public static boolean isBundle(String fileName) {
        return fileName.toLowerCase(java.util.Locale.ROOT).endsWith(SUFFIX);
    }
}
