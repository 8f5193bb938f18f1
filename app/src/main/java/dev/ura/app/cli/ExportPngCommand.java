package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.render.AnnotationOverlay;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.Metrics;
import dev.ura.app.render.Palette;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.report.ResponsePicture;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ura export-png FILE -o OUT.png [--response N|all] [--width PX] [--height PX] [--scale S]
 * [--theme light|dark] [what-if flags]}: the picture of a whole response, headless (the slowest
 * one when none is named): every thread that takes part, the critical path, the what-if's
 * estimated end, the trace's annotations, a header, a legend and a scale bar. A trace without
 * responses is drawn whole. {@code OUT.svg} writes SVG instead.
 */
@Command(name = "export-png", mixinStandardHelpOptions = true,
        description = "Render a response (the slowest by default) with its critical path to a PNG or SVG, "
                + "without a window.")
final class ExportPngCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.png",
            description = "The image to write (.svg for SVG); with --response all, OUT-<index>.png per response.")
    Path output;

    @Option(names = "--response", paramLabel = "N|all",
            description = "Response N (0-based, as `ura analyze` numbers them) or all; default: the slowest.")
    String response;

    @Option(names = "--max-responses", defaultValue = "" + ResponseCap.DEFAULT, paramLabel = "N",
            description = "With --response all: write at most N pictures (default ${DEFAULT-VALUE}; 0 = no limit).")
    int maxResponses;

    @Option(names = "--width", defaultValue = "1600", paramLabel = "PX",
            description = "Width (default ${DEFAULT-VALUE}; the window offers 1200, 1600, 2400).")
    int width;

    @Option(names = "--height", paramLabel = "PX",
            description = "Height (default: every lane of the response fits; 900 for a trace without responses).")
    Integer height;

    @Option(names = "--scale", defaultValue = "1", paramLabel = "S",
            description = "Pixel density: 2 for HiDPI doubles every size (default ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--theme", paramLabel = "light|dark", description = "Colours (default light).")
    String theme;

    @Option(names = "--dark", description = "Same as --theme dark.")
    boolean dark;

    @Option(names = "--defer", paramLabel = "PATTERN", description = "What-if: defer matching work. Repeatable.")
    List<String> defer;

    @Option(names = "--parallel", paramLabel = "PATTERN", description = "What-if: run matching work in parallel. Repeatable.")
    List<String> parallel;

    @Option(names = "--side-by-side", paramLabel = "PATTERN",
            description = "What-if: run matching work side by side. Repeatable.")
    List<String> sideBySide;

    @Option(names = "--speedup", paramLabel = "PATTERN=FACTOR", description = "What-if: speed matching work up. Repeatable.")
    List<String> speedup;

    @Option(names = "--no-saved-what-if",
            description = "Without what-if flags, do not apply the what-if changes saved for each response in the "
                    + "sidecar (FILE.ura.json) by the window.")
    boolean noSavedWhatIf;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (width < 200 || width > 16_000 || height != null && (height < 150 || height > 16_000)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: --width must be 200..16000 and --height 150..16000");
        }
        if (!(scale >= 1 && scale <= 3)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: --scale must be 1..3 (2 for HiDPI)");
        }
        ResponseCap.check("export-png", maxResponses);
        OutputChecks.notAnInput("export-png", output, file);
        Palette palette = palette(theme, dark);
        Scenario scenario = WhatIfFlags.scenario(spec.commandLine(), spec.commandLine().getParseResult().originalArgs());
        Trace trace = TraceLoading.load(file);
        TraceIndex index = TraceIndex.of(trace);
        List<Annotation> notes = annotations();
        Analysis analysis = ResponsesByHand.analyse(file, trace, AnalysisOptions.defaults(), null, false,
                spec.commandLine().getErr());
        WhatIfFlags.requireMatches(file.toString(), analysis, scenario);
        ResponseScenarios scenarios = ResponseScenarios.of(scenario, file, trace, noSavedWhatIf);
        List<Integer> wanted = responses(analysis);
        if ("all".equals(response)) {
            wanted = ResponseCap.apply(wanted, maxResponses, file, spec.commandLine().getErr(), "in index order");
            for (int r : wanted) {
                OutputChecks.notAnInput("export-png", numbered(output, r), file);
            }
        }
        boolean svg = output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg");
        if (wanted.isEmpty()) {
            spec.commandLine().getErr().println("ura: warning: " + file + ": no response ("
                    + analysis.noResponseReason().orElse("none found") + "); exporting the whole trace");
            write(wholeTrace(index, notes, palette), output, svg);
            return UraCommand.EXIT_OK;
        }
        for (int r : wanted) {
            ResponsePicture p = ResponsePicture.of(file.getFileName().toString(), index, analysis, r, scenarios.of(r), notes,
                    palette, new ResponsePicture.Size(width, scale, height));
            write(p, "all".equals(response) ? numbered(output, r) : output, svg);
        }
        return UraCommand.EXIT_OK;
    }

    /** {@code --theme} wins; {@code --dark} is its old spelling. */
    static Palette palette(String theme, boolean dark) throws CommandFailure {
        if (theme == null) {
            return dark ? Palette.DARK : Palette.LIGHT;
        }
        return switch (theme.toLowerCase(Locale.ROOT)) {
            case "light" -> Palette.LIGHT;
            case "dark" -> Palette.DARK;
            default -> throw new CommandFailure(UraCommand.EXIT_USAGE, "--theme must be light or dark, got '" + theme + "'");
        };
    }

    private List<Integer> responses(Analysis analysis) throws CommandFailure {
        int n = analysis.responses().size();
        if (response == null) {
            int slowest = ResponsePicture.slowest(analysis);
            return slowest < 0 ? List.of() : List.of(slowest);
        }
        if (response.equals("all")) {
            if (n == 0) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, file + ": no response ("
                        + analysis.noResponseReason().orElse("none found") + ")");
            }
            return java.util.stream.IntStream.range(0, n).boxed().toList();
        }
        int i;
        try {
            i = Integer.parseInt(response.strip());
        } catch (NumberFormatException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: --response wants a number or all, got '"
                    + response + "'");
        }
        if (i < 0 || i >= n) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: no response " + i + " (the trace has " + n + ")");
        }
        return List.of(i);
    }

    private List<Annotation> annotations() {
        return ExportAnnotations.of(file, spec.commandLine().getErr(), "exporting");
    }

    private ResponsePicture wholeTrace(TraceIndex index, List<Annotation> notes, Palette palette) {
        TimelineScene scene = new TimelineScene(index);
        scene.setPalette(palette);
        scene.setMetrics(Metrics.at(scale * Math.max(1, width / 1600.0)));
        dev.ura.app.render.ThreadStateOverlay.install(scene);
        if (!notes.isEmpty()) {
            AnnotationOverlay overlay = new AnnotationOverlay();
            overlay.setAnnotations(notes);
            scene.overlays().add(overlay);
        }
        scene.axis().fit(index.startNs(), index.endNs(), 0);
        ExportHeader header = new ExportHeader(file.getFileName().toString(), null, null, null,
                dev.ura.app.report.ResponseText.facts(index.trace()), null);
        int h = height == null ? 900 : height;
        return new ResponsePicture(scene, header, (int) Math.round(width * scale), (int) Math.round(h * scale));
    }

    private static void write(ResponsePicture p, Path out, boolean svg) throws CommandFailure {
        try {
            if (svg) {
                ImageFiles.writeText(p.svg(), out);
            } else {
                ImageFiles.writePng(p.png(), out);
            }
        } catch (IOException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "export-png: " + e.getMessage());
        }
    }

    /** {@code OUT.png} → {@code OUT-3.png}. */
    static Path numbered(Path out, int index) {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot <= 0 ? name + "-" + index : name.substring(0, dot) + "-" + index + name.substring(dot);
        return out.resolveSibling(numbered);
    }
}
