package dev.ura.app.cli;

import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ExportResponseCommandTest {
    /** Four responses; by `analyze`, #1 (HomeActivity, 784.0 ms) is the slowest, the others 39.5, 314.0 and 26.2 ms. */
    private static final String FENIX = "traces/android/ff-art-trace-regular.trace";

    @TempDir
    Path dir;

    private int run(StringWriter err, String... args) {
        return UraCommand.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    }

    private static boolean samePixels(BufferedImage a, BufferedImage b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return false;
        }
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void withoutAResponseItExportsTheSlowestOne() throws IOException {
        Path trace = SharedFiles.require(FENIX);
        StringWriter err = new StringWriter();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("default.png").toString(), "--width", "1200"))
                .as(err.toString()).isZero();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("r1.png").toString(), "--width", "1200",
                "--response", "1")).isZero();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("r2.png").toString(), "--width", "1200",
                "--response", "2")).isZero();
        BufferedImage def = ImageIO.read(dir.resolve("default.png").toFile());
        assertThat(def.getWidth()).isEqualTo(1200);
        assertThat(samePixels(def, ImageIO.read(dir.resolve("r1.png").toFile()))).isTrue();
        assertThat(samePixels(def, ImageIO.read(dir.resolve("r2.png").toFile()))).isFalse();
    }

    @Test
    void responseAllWritesOneNumberedImagePerResponse() throws IOException {
        Path trace = SharedFiles.require(FENIX);
        StringWriter err = new StringWriter();
        int code = run(err, "export-png", trace.toString(), "-o", dir.resolve("fenix.png").toString(), "--response", "all",
                "--width", "1200");
        assertThat(code).as(err.toString()).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("fenix-0.png", "fenix-1.png", "fenix-2.png", "fenix-3.png");
        }
    }

    @Test
    void hiDpiDoublesThePixelsAndAGivenHeightIsKept() throws IOException {
        Path trace = SharedFiles.require(FENIX);
        StringWriter err = new StringWriter();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("x2.png").toString(), "--response", "3",
                "--width", "1200", "--height", "500", "--scale", "2")).as(err.toString()).isZero();
        BufferedImage img = ImageIO.read(dir.resolve("x2.png").toFile());
        assertThat(img.getWidth()).isEqualTo(2400);
        assertThat(img.getHeight()).isEqualTo(1000);
    }

    @Test
    void themeDarkAndTheOldDarkFlagPaintTheDarkBackground() throws IOException {
        Path trace = SharedFiles.require(FENIX);
        StringWriter err = new StringWriter();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("d.png").toString(), "--theme", "dark",
                "--response", "3")).as(err.toString()).isZero();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("o.png").toString(), "--dark",
                "--response", "3")).isZero();
        assertThat(run(err, "export-png", trace.toString(), "-o", dir.resolve("l.png").toString(), "--theme", "light",
                "--response", "3")).isZero();
        // Palette.DARK background 0x1E1F22, LIGHT 0xFFFFFF, at the header's top-right corner
        BufferedImage d = ImageIO.read(dir.resolve("d.png").toFile());
        assertThat(d.getRGB(d.getWidth() - 2, 1) & 0xFFFFFF).isEqualTo(0x1E1F22);
        BufferedImage o = ImageIO.read(dir.resolve("o.png").toFile());
        assertThat(o.getRGB(o.getWidth() - 2, 1) & 0xFFFFFF).isEqualTo(0x1E1F22);
        BufferedImage l = ImageIO.read(dir.resolve("l.png").toFile());
        assertThat(l.getRGB(l.getWidth() - 2, 1) & 0xFFFFFF).isEqualTo(0xFFFFFF);
        StringWriter bad = new StringWriter();
        assertThat(run(bad, "export-png", trace.toString(), "-o", dir.resolve("b.png").toString(), "--theme", "pink"))
                .isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(bad.toString()).contains("--theme must be light or dark");
    }

    @Test
    void anUnwritableOutputIsOneLineAndExitOne() {
        Path trace = SharedFiles.require(FENIX);
        for (Path out : new Path[]{dir.resolve("no/such/folder/x.png"), dir}) {
            StringWriter err = new StringWriter();
            int code = run(err, "export-png", trace.toString(), "-o", out.toString(), "--response", "3");
            assertThat(code).isEqualTo(UraCommand.EXIT_BAD_INPUT);
            assertThat(err.toString().strip().lines()).as(err.toString()).hasSize(1);
            assertThat(err.toString()).contains("cannot write " + out).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void aWhatIfAddsTheEstimatedEndAndAnSvgParses() throws Exception {
        Path trace = SharedFiles.require("traces/android/ff-art-trace-regular.trace");
        StringWriter err = new StringWriter();
        Path svg = dir.resolve("w.svg");
        assertThat(run(err, "export-png", trace.toString(), "-o", svg.toString(), "--response", "1",
                "--speedup", "org.mozilla.fenix.HomeActivity.onCreate=2")).as(err.toString()).isZero();
        var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        String text = factory.newDocumentBuilder().parse(svg.toFile()).getDocumentElement().getTextContent();
        assertThat(text).contains("what-if: speed up org.mozilla.fenix.HomeActivity.onCreate ×2.0").contains("saves")
                .contains("estimated ·");
    }

    @Test
    void aWhatIfPatternThatMatchesNothingIsAUsageErrorAsInAnalyze() {
        Path trace = SharedFiles.require(FENIX);
        for (String command : new String[]{"export-png", "report"}) {
            StringWriter err = new StringWriter();
            String out = dir.resolve(command.equals("report") ? "x.md" : "x.png").toString();
            int code = run(err, command, trace.toString(), "-o", out, "--defer", "*NoSuchClass.nothing");
            assertThat(code).as(command).isEqualTo(UraCommand.EXIT_USAGE);
            assertThat(err.toString()).contains("--defer '*NoSuchClass.nothing' matches nothing");
            assertThat(Files.exists(Path.of(out))).isFalse();
        }
    }
}
