package dev.ura.app.cli;

import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ExportPngCommandTest {
    @TempDir
    Path dir;

    private int run(StringWriter out, StringWriter err, String... args) {
        return UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void writesAPngOfTheRequestedSizeOfAResponse() throws IOException {
        Path trace = SharedFiles.require("traces/android/ff-art-trace-regular.trace");
        Path png = dir.resolve("r1.png");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = run(out, err, "export-png", trace.toString(), "-o", png.toString(), "--response", "1",
                "--width", "800", "--height", "500");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).isEmpty();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(800);
        assertThat(img.getHeight()).isEqualTo(500);
        int distinct = (int) java.util.stream.IntStream.range(0, 800).map(x -> img.getRGB(x, 250)).distinct().count();
        assertThat(distinct).as("the timeline is painted").isGreaterThan(3);
    }

    @Test
    void aMissingResponseIsAUsageError() {
        Path trace = SharedFiles.require("traces/android/ff-art-trace-regular.trace");
        StringWriter err = new StringWriter();
        int code = run(new StringWriter(), err, "export-png", trace.toString(), "-o", dir.resolve("x.png").toString(),
                "--response", "99");
        assertThat(code).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(err.toString()).contains("no response 99").doesNotContain("Exception");
    }

    @Test
    void aBadFileIsOneLineAndExitOne() throws IOException {
        Path bad = dir.resolve("bad.trace");
        java.nio.file.Files.writeString(bad, "this is not a trace");
        StringWriter err = new StringWriter();
        int code = run(new StringWriter(), err, "export-png", bad.toString(), "-o", dir.resolve("x.png").toString());
        assertThat(code).isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(err.toString().strip().lines()).hasSize(1);
    }
}
