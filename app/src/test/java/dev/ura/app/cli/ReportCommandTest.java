package dev.ura.app.cli;

import dev.ura.app.report.BundleReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportCommandTest {
    @TempDir
    Path dir;

    private int run(StringWriter err, String... args) {
        return UraCommand.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    }

    @Test
    void markdownNamesTheResponseItsSegmentsFindingsAndWhatIfWithThePictureBeside() throws IOException {
        Path trace = Path.of("../sample-traces/samples/news-launch.trace");
        StringWriter err = new StringWriter();
        Path md = dir.resolve("bug.md");
        int code = run(err, "report", trace.toString(), "--defer", "*FeedCache.write", "-o", md.toString());
        assertThat(code).as(err.toString()).isZero();
        String text = Files.readString(md);
        assertThat(text).startsWith("# Response #0 com.example.news.NewsActivity on main: ")
                .contains("![response #0 com.example.news.NewsActivity on main](bug.png)")
                .contains("## Responses").contains("## Longest critical-path segments").contains("## Findings")
                .contains("**CRITICAL** write-before-response-end").contains("## What-if")
                .contains("| defer \\*FeedCache.write |");
        assertThat(ImageIO.read(dir.resolve("bug.png").toFile()).getWidth()).isEqualTo(1600);
    }

    @Test
    void htmlEmbedsThePictureAndABundleReopens() throws IOException {
        Path trace = Path.of("../sample-traces/samples/news-launch.trace");
        StringWriter err = new StringWriter();
        Path html = dir.resolve("bug.html");
        assertThat(run(err, "report", trace.toString(), "-o", html.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(html)).contains("<img alt=\"response #0").contains("src=\"data:image/png;base64,iVBOR")
                .doesNotContain("<script");
        Path zip = dir.resolve("bug.ura.zip");
        assertThat(run(err, "report", trace.toString(), "--speedup", "*FeedParser.parse=2", "-o", zip.toString()))
                .as(err.toString()).isZero();
        Path into = Files.createDirectory(dir.resolve("open"));
        BundleReader.Opened o = BundleReader.extract(zip, into);
        assertThat(Files.mismatch(o.trace(), trace)).isEqualTo(-1L);
        assertThat(o.manifest().response()).isZero();
        assertThat(o.manifest().scenario()).hasSize(1);
        assertThat(o.manifest().scenario().get(0).glob()).isEqualTo("*FeedParser.parse");
        assertThat(o.manifest().scenario().get(0).factor()).isEqualTo(2.0);
        assertThat(Files.readString(o.dir().resolve("report.md"))).contains("](response.png)");
        assertThat(ImageIO.read(o.dir().resolve("response.png").toFile())).isNotNull();
    }

    @Test
    void badOutputsAreOneLine() {
        Path trace = Path.of("../sample-traces/samples/news-launch.trace");
        StringWriter err = new StringWriter();
        assertThat(run(err, "report", trace.toString(), "-o", dir.resolve("x.txt").toString())).isEqualTo(UraCommand.EXIT_USAGE);
        assertThat(err.toString()).contains("-o must end in .md, .html or .ura.zip");
        StringWriter err2 = new StringWriter();
        assertThat(run(err2, "report", trace.toString(), "-o", dir.resolve("no/dir/x.html").toString()))
                .isEqualTo(UraCommand.EXIT_BAD_INPUT);
        assertThat(err2.toString().strip().lines()).hasSize(1);
        assertThat(err2.toString()).contains("cannot write").doesNotContain("Exception");
    }
}
