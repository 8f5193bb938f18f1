package dev.ura.app.report;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.render.Palette;
import dev.ura.app.render.TraceIndex;
import dev.ura.app.render.WhatIfOverlay;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exported picture of a response carries the what-if as the window draws it (dashed outline
 * and tag on each changed slice, the estimated path), and a wider picture is a larger one, not a
 * longer strip of the same small text.
 */
class ResponsePictureMarksTest {
    private static final Path SAMPLE = Path.of("../sample-traces/samples/news-launch.trace");
    /** On the launch's critical path (46.9 ms of main's 629.4 ms in `ura analyze`): halving it shows. */
    private static final Scenario ON_CREATE_TWICE_AS_FAST = new Scenario(List.of(
            new Change.SpeedUp(new SliceSelector.ByName("com.example.news.NewsActivity.onCreate"), 2)));

    @TempDir
    Path dir;

    @Test
    void anExportedPngHasTheWhatIfMarksInTheEstimatesColour() throws Exception {
        Trace trace = TraceFiles.read(SAMPLE);
        Analysis analysis = Analysis.of(trace);
        ResponsePicture p = ResponsePicture.of("news-launch.trace", TraceIndex.of(trace), analysis, 0,
                ON_CREATE_TWICE_AS_FAST, List.of(), Palette.LIGHT, new ResponsePicture.Size(1600, 1, null));
        Path png = dir.resolve("what-if.png");
        ImageFiles.writePng(p.png(), png);
        BufferedImage exported = ImageIO.read(png.toFile());

        // the same picture without the what-if marks: what differs is what they add
        assertThat(p.scene().overlays().removeIf(o -> o instanceof WhatIfOverlay)).as("what-if overlay exported").isTrue();
        BufferedImage plain = p.png();
        int ghost = Palette.LIGHT.ghost().getRGB() | 0xff000000;
        int differing = 0;
        int inGhost = 0;
        int widestRun = 0;
        for (int y = 0; y < exported.getHeight(); y++) {
            int run = 0;
            for (int x = 0; x < exported.getWidth(); x++) {
                if (exported.getRGB(x, y) != plain.getRGB(x, y)) {
                    differing++;
                    if ((exported.getRGB(x, y) | 0xff000000) == ghost) {
                        inGhost++;
                        run++;
                        widestRun = Math.max(widestRun, run);
                        continue;
                    }
                }
                run = 0;
            }
        }
        assertThat(differing).as("pixels the what-if adds").isGreaterThan(200);
        assertThat(inGhost).as("in the estimate's colour").isGreaterThan(differing / 2);
        // a dash of the outline or of the estimated path bar: 4 to 6 px in a row at scale 1
        assertThat(widestRun).isGreaterThanOrEqualTo(4);
    }

    @Test
    void a2400PxPictureIsThe1600PxOneLarger() throws Exception {
        Trace trace = TraceFiles.read(SAMPLE);
        Analysis analysis = Analysis.of(trace);
        TraceIndex index = TraceIndex.of(trace);
        ResponsePicture normal = ResponsePicture.of("n", index, analysis, 0, Scenario.BASELINE, List.of(), Palette.LIGHT,
                new ResponsePicture.Size(1600, 1, null));
        ResponsePicture wide = ResponsePicture.of("n", index, analysis, 0, Scenario.BASELINE, List.of(), Palette.LIGHT,
                new ResponsePicture.Size(2400, 1, null));
        assertThat(wide.widthPx()).isEqualTo(2400);
        // rows and text 1.5× as tall: the fitting height grows with them (give or take rounding per row)
        assertThat((double) wide.heightPx() / normal.heightPx()).isBetween(1.4, 1.6);
        assertThat(wide.scene().metrics().scale()).isEqualTo(1.5);
        ResponsePicture small = ResponsePicture.of("n", index, analysis, 0, Scenario.BASELINE, List.of(), Palette.LIGHT,
                new ResponsePicture.Size(1200, 1, null));
        assertThat(small.scene().metrics().scale()).as("never smaller than normal text").isEqualTo(1.0);
    }
}
