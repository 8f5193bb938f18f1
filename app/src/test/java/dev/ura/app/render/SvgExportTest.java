package dev.ura.app.render;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SvgExportTest {
    @TempDir
    Path dir;

    @Test
    void namesWithCharactersXmlForbidsStillGiveAParsableSvg() throws Exception {
        String control = "a.Bad\u0001\u0008\u001Bname";
        String lone = "a.Lone\uD800surrogate";
        String reversed = "a.Rev\uDC00\uD800x\uFFFE\uFFFF";
        Trace trace = new TinyTraces()
                .thread("main\u0000<&>\"'", true).call(control, 0, 0, 1000).call(lone, 1, 100, 900)
                .thread("worker\uDBFF", false).call(reversed, 0, 200, 800)
                .build();
        TimelineScene s = new TimelineScene(TraceIndex.of(trace));
        AnnotationOverlay notes = new AnnotationOverlay();
        notes.setAnnotations(List.of(Annotation.note(new Anchor(1, "main", 500), "note \u0007 \uDFFF <b>&")));
        s.overlays().add(notes);
        s.axis().setWidthPx(800);
        s.axis().fit(0, 1000, 0);
        String svg = ExportPainter.svg(s, new ExportHeader("file\u0002.trace", "#0 \uD83D", "1 ms", "defer \u0003"),
                800, 400);
        Path out = dir.resolve("x.svg");
        ImageFiles.writeText(svg, out);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(out.toFile());
        assertThat(doc.getDocumentElement().getNodeName()).isEqualTo("svg");
        String text = doc.getDocumentElement().getTextContent();
        assertThat(text).contains("main\uFFFD<&>").contains("note \uFFFD \uFFFD <b>&");
        // a valid pair is kept
        assertThat(XmlText.clean("ok \uD83D\uDE00")).isEqualTo("ok \uD83D\uDE00");
        assertThat(XmlText.clean("\uDC00\uD800\t\n\r")).isEqualTo("\uFFFD\uFFFD\t\n\r");
    }
}
