package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.render.AnnotationOverlay;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.Metrics;
import dev.ura.app.render.Palette;
import dev.ura.app.render.ResponseOverlay;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code ura export-png FILE -o OUT.png [--response N] [--width PX] [--height PX]}: the window's
 * picture, headless: the whole trace, or a response with its critical path, plus the trace's
 * annotations, a header, a legend and a scale bar (the same {@link ExportPainter} as the window).
 */
@Command(name = "export-png", mixinStandardHelpOptions = true,
        description = "Render the timeline (optionally of one response) to a PNG image, without a window.")
final class ExportPngCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.png", description = "The image to write.")
    Path output;

    @Option(names = "--response", paramLabel = "N", description = "Show response N (0-based, as `ura analyze` numbers them).")
    Integer response;

    @Option(names = "--width", defaultValue = "1600", paramLabel = "PX", description = "Width (default ${DEFAULT-VALUE}).")
    int width;

    @Option(names = "--height", defaultValue = "900", paramLabel = "PX", description = "Height (default ${DEFAULT-VALUE}).")
    int height;

    @Option(names = "--dark", description = "Use the dark theme's colours.")
    boolean dark;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (width < 200 || height < 150 || width > 16_000 || height > 16_000) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: --width must be 200..16000 and --height 150..16000");
        }
        Trace trace = TraceLoading.load(file);
        TimelineScene scene = new TimelineScene(TraceIndex.of(trace));
        scene.setPalette(dark ? Palette.DARK : Palette.LIGHT);
        scene.setMetrics(Metrics.at(Math.max(1, width / 1600.0)));
        scene.axis().setWidthPx(width);
        ExportHeader header = new ExportHeader(file.getFileName().toString(), null, null, null);
        long start = scene.index().startNs();
        long end = scene.index().endNs();
        if (response != null) {
            Analysis analysis = Analysis.of(trace);
            if (response < 0 || response >= analysis.responses().size()) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, "export-png: no response " + response + " (the trace has "
                        + analysis.responses().size() + ")");
            }
            Response r = analysis.responses().get(response);
            scene.overlays().add(new ResponseOverlay(r, analysis.criticalPath(response), -1));
            header = new ExportHeader(header.file(), "#" + r.index() + " " + r.trigger(),
                    TimeFormat.duration(r.durationNs()), null);
            long margin = Math.max(1, r.durationNs() / 20);
            start = r.startNs() - margin;
            end = r.endNs() + margin;
        }
        AnnotationStore.Loaded notes;
        try {
            notes = AnnotationStore.beside(file).read();
        } catch (IOException e) {
            notes = new AnnotationStore.Loaded(java.util.List.of(), "cannot read "
                    + AnnotationStore.beside(file).sidecar() + ": " + e.getMessage());
        }
        if (!notes.annotations().isEmpty()) {
            AnnotationOverlay overlay = new AnnotationOverlay();
            overlay.setAnnotations(notes.annotations());
            scene.overlays().add(overlay);
        }
        if (notes.problem() != null) {
            spec.commandLine().getErr().println("ura: warning: " + notes.problem() + "; exporting without annotations");
        }
        scene.axis().fit(start, end, 0);
        try {
            if (!ImageIO.write(ExportPainter.image(scene, header, width, height), "png", output.toFile())) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "export-png: no PNG writer in this Java runtime");
            }
        } catch (IOException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "export-png: cannot write " + output + ": " + e.getMessage());
        }
        return UraCommand.EXIT_OK;
    }
}
