package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.render.Palette;
import dev.ura.app.render.TraceIndex;
import dev.ura.app.report.BundleWriter;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.report.ReportBuilder;
import dev.ura.app.report.ReportBundle;
import dev.ura.app.report.ReportDoc;
import dev.ura.app.report.ReportWriters;
import dev.ura.app.report.ResponsePicture;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

/**
 * {@code ura report FILE [--response N|all] [what-if flags] -o OUT.md|OUT.html|OUT.ura.zip}: a bug
 * report for CI. Markdown gets the picture beside it ({@code OUT.png}, or {@code OUT-N.png} per
 * response), HTML embeds it, and a bundle carries the trace, its annotations, the scenario, the
 * picture and the Markdown, and reopens in the window ({@code ura OUT.ura.zip}) on that view.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write a bug report on a response (the slowest by default): Markdown, HTML, or a .ura.zip bundle.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.md|OUT.html|OUT.ura.zip",
            description = "The report; its ending chooses the format.")
    Path output;

    @Option(names = "--response", paramLabel = "N|all", description = "Response N (0-based) or all; default: the slowest.")
    String response;

    @Option(names = "--max-responses", defaultValue = "" + ResponseCap.DEFAULT, paramLabel = "N",
            description = "With --response all: report at most N responses, the slowest first (default ${DEFAULT-VALUE}; 0 = no limit).")
    int maxResponses;

    @Option(names = "--width", defaultValue = "1600", paramLabel = "PX", description = "Picture width (default ${DEFAULT-VALUE}).")
    int width;

    @Option(names = "--theme", paramLabel = "light|dark", description = "Picture colours (default light).")
    String theme;

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

    private enum Format { MARKDOWN, HTML, BUNDLE }

    @Override
    public Integer call() throws Exception {
        Format format = format(output);
        if (width < 200 || width > 16_000) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "report: --width must be 200..16000");
        }
        ResponseCap.check("report", maxResponses);
        OutputChecks.notAnInput("report", output, file);
        Palette palette = ExportPngCommand.palette(theme, false);
        Scenario scenario = WhatIfFlags.scenario(spec.commandLine(), spec.commandLine().getParseResult().originalArgs());
        Trace trace = TraceLoading.load(file);
        Analysis analysis = ResponsesByHand.analyse(file, trace, AnalysisOptions.defaults(), null, false,
                spec.commandLine().getErr());
        WhatIfFlags.requireMatches(file.toString(), analysis, scenario);
        ResponseScenarios scenarios = ResponseScenarios.of(scenario, file, trace, noSavedWhatIf);
        List<Integer> wanted = responses(analysis);
        if ("all".equals(response)) {
            wanted = ResponseCap.apply(wanted, maxResponses, file, spec.commandLine().getErr(), "slowest first");
        }
        if (format == Format.MARKDOWN) {
            for (int r : wanted) {
                OutputChecks.notAnInput("report", output.resolveSibling(imageBeside(wanted.size() == 1 ? -1 : r)), file);
            }
        }
        List<Annotation> notes = ExportAnnotations.of(file, spec.commandLine().getErr(), "reporting");
        TraceIndex index = TraceIndex.of(trace);
        String name = file.getFileName().toString();
        ReportDoc doc = new ReportDoc();
        byte[] firstPng = null;
        for (int i = 0; i < wanted.size(); i++) {
            int r = wanted.get(i);
            byte[] png = ImageFiles.pngBytes(ResponsePicture.of(name, index, analysis, r, scenarios.of(r), notes,
                    palette, new ResponsePicture.Size(width, 1, null)).png());
            firstPng = firstPng == null ? png : firstPng;
            String image = switch (format) {
                case BUNDLE -> i == 0 ? BundleWriter.IMAGE : null;
                case HTML -> "";
                case MARKDOWN -> imageBeside(wanted.size() == 1 ? -1 : r);
            };
            if (format == Format.MARKDOWN) {
                write(output.resolveSibling(image), png);
            }
            ReportBuilder.build(doc, name, analysis, r, scenarios.of(r), image, png, i == 0);
        }
        try {
            switch (format) {
                case MARKDOWN -> ImageFiles.writeText(ReportWriters.markdown(doc), output);
                case HTML -> ImageFiles.writeText(ReportWriters.html(doc, "ura report: " + name), output);
                case BUNDLE -> BundleWriter.write(output, name, () -> Files.newInputStream(file), notes,
                        AnnotationStore.beside(file).readResponseByHand(), wanted.get(0), scenarios.of(wanted.get(0)), firstPng,
                        ReportWriters.markdown(doc));
            }
        } catch (IOException e) {
            // The writers name the file in their messages, except a failure inside the bundle's zip
            // stream (a full disk): name it here then.
            String why = e.getMessage() != null && e.getMessage().startsWith("cannot write ") ? e.getMessage()
                    : "cannot write " + output + ": " + ImageFiles.reason(e);
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "report: " + why);
        }
        return UraCommand.EXIT_OK;
    }

    private static Format format(Path out) throws CommandFailure {
        String n = out.getFileName().toString().toLowerCase(Locale.ROOT);
        if (ReportBundle.isBundle(n)) {
            return Format.BUNDLE;
        }
        if (n.endsWith(".html") || n.endsWith(".htm")) {
            return Format.HTML;
        }
        if (n.endsWith(".md") || n.endsWith(".markdown")) {
            return Format.MARKDOWN;
        }
        throw new CommandFailure(UraCommand.EXIT_USAGE, "report: -o must end in .md, .html or .ura.zip, got '"
                + out.getFileName() + "'");
    }

    /** {@code OUT.md} → {@code OUT.png}, or {@code OUT-3.png} for response 3 of several. */
    private String imageBeside(int response) {
        String n = output.getFileName().toString();
        int dot = n.lastIndexOf('.');
        String base = dot <= 0 ? n : n.substring(0, dot);
        return base + (response < 0 ? "" : "-" + response) + ".png";
    }

    private static void write(Path out, byte[] bytes) throws CommandFailure {
        try {
            ImageFiles.write(out, bytes);
        } catch (IOException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "report: " + e.getMessage());
        }
    }

    private List<Integer> responses(Analysis analysis) throws CommandFailure {
        int n = analysis.responses().size();
        if (n == 0) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, file + ": no response to report ("
                    + analysis.noResponseReason().orElse("none found") + ")");
        }
        if (response == null) {
            return List.of(ResponsePicture.slowest(analysis));
        }
        if (response.equals("all")) {
            int slowest = ResponsePicture.slowest(analysis);
            return IntStream.concat(IntStream.of(slowest), IntStream.range(0, n).filter(i -> i != slowest)).boxed().toList();
        }
        try {
            int i = Integer.parseInt(response.strip());
            if (i >= 0 && i < n) {
                return List.of(i);
            }
        } catch (NumberFormatException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "report: --response wants a number or all, got '" + response + "'");
        }
        throw new CommandFailure(UraCommand.EXIT_USAGE, "report: no response " + response.strip() + " (the trace has " + n + ")");
    }
}
