package dev.ura.app.report;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.Palette;
import dev.ura.app.render.ResponseExport;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;

import java.awt.image.BufferedImage;
import java.util.List;

/**
 * The exported picture of a whole response, ready to write: the scene (lanes that take part,
 * critical path, what-if end, annotations), its header and its size in pixels. The window's
 * Export Response, {@code ura export-png} and {@code ura report} all make it here.
 *
 * @param widthPx  image width in pixels (logical width × scale)
 * @param heightPx image height in pixels
 */
public record ResponsePicture(TimelineScene scene, ExportHeader header, int widthPx, int heightPx) {
    /** Widths offered in the window, logical px. */
    public static final List<Integer> WIDTHS = List.of(1200, 1600, 2400);
    /** The width at which text has its normal size; wider pictures scale it up. */
    public static final int TEXT_WIDTH = 1600;
    /** The largest picture side, px: keeps a hostile trace or flag from allocating gigabytes. */
    public static final int MAX_SIDE = 16_000;

    /**
     * @param width  logical width, px
     * @param scale  1, or 2 for HiDPI (every size doubles)
     * @param height logical height, or {@code null} to fit every lane
     */
    public record Size(int width, double scale, Integer height) {
    }

    /** The picture of response {@code response} of {@code analysis}. */
    public static ResponsePicture of(String file, TraceIndex index, Analysis analysis, int response, Scenario scenario,
                                     List<Annotation> annotations, Palette palette, Size size) {
        TimelineScene scene = ResponseExport.scene(index, analysis, response, scenario, palette, textScale(size),
                annotations);
        Response r = analysis.responses().get(response);
        ExportHeader header = ResponseText.header(file, analysis, r, scenario);
        int w = (int) Math.min(MAX_SIDE, Math.round(size.width() * size.scale()));
        int h = size.height() != null ? (int) Math.round(size.height() * size.scale())
                : ExportPainter.fittingHeight(scene, header);
        return new ResponsePicture(scene, header, w, Math.max(1, Math.min(MAX_SIDE, h)));
    }

    /**
     * How much text, rows and strokes grow: with the pixel scale, and with the width past
     * {@link #TEXT_WIDTH}, so a 2400 px picture is the 1600 px one larger, not a longer strip of
     * 12 px text that is unreadable once shrunk to fit a page.
     */
    public static double textScale(Size size) {
        return size.scale() * Math.max(1, size.width() / (double) TEXT_WIDTH);
    }

    /** The index of the slowest response (the first of equals), or -1 when there is none. */
    public static int slowest(Analysis analysis) {
        int best = -1;
        for (Response r : analysis.responses()) {
            if (best < 0 || r.durationNs() > analysis.responses().get(best).durationNs()) {
                best = r.index();
            }
        }
        return best;
    }

    public BufferedImage png() {
        return ExportPainter.image(scene, header, widthPx, heightPx);
    }

    public String svg() {
        return ExportPainter.svg(scene, header, widthPx, heightPx);
    }
}
