package dev.ura.app.analysis.regression;

import java.util.List;

/**
 * The series read from one input, with what was skipped on the way.
 *
 * @param series   one per metric, in order of first appearance
 * @param warnings human-readable, each naming the line or file it is about
 */
public record SeriesSet(List<RunSeries> series, List<String> warnings) {
    public SeriesSet {
        series = List.copyOf(series);
        warnings = List.copyOf(warnings);
    }
}
