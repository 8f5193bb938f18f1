package dev.ura.app.ui.export;

import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.report.BundleWriter;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.report.ReportBuilder;
import dev.ura.app.report.ReportBundle;
import dev.ura.app.report.ReportWriters;
import dev.ura.app.report.ResponsePicture;
import dev.ura.app.ui.Background;
import dev.ura.app.ui.TraceSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * File › Save Report…: a {@code NAME.ura.zip} with the trace, its annotations, the selected
 * response and what-if, the exported picture and a Markdown summary. Opening it (File › Open,
 * drag and drop, {@code ura NAME.ura.zip}) restores that view.
 */
public final class ReportActions {
    private ReportActions() {
    }

    private static final ExportChooser.Format BUNDLE = new ExportChooser.Format("ura report bundle (.ura.zip)",
            ReportBundle.SUFFIX.substring(1));

    public static void saveReport(ExportHost host) {
        ResponseExportActions.Snapshot s = ResponseExportActions.snapshot(host);
        if (s == null) {
            return;
        }
        ExportChooser chooser = ExportDialogs.chooser(s.loaded(), "Save report", ResponseExportActions.base(s) + ReportBundle.SUFFIX,
                List.of(BUNDLE));
        Path out = ExportDialogs.ask(host, chooser);
        if (out != null) {
            write(host, s, out);
        }
    }

    /** Saves the current view as a bundle without asking (tests, scripts). */
    public static void saveCurrent(ExportHost host, Path out) {
        ResponseExportActions.Snapshot s = ResponseExportActions.snapshot(host);
        if (s != null) {
            write(host, s, out);
        }
    }

    private static void write(ExportHost host, ResponseExportActions.Snapshot s, Path out) {
        host.status().setMessage("Saving report " + out.getFileName() + "…");
        Background.run(() -> {
            byte[] png = ImageFiles.pngBytes(ResponseExportActions.picture(s, 1600, 1).png());
            String md = ReportWriters.markdown(ReportBuilder.build(s.file(), s.analysis(), s.response(), s.scenario(),
                    BundleWriter.IMAGE, png));
            Path traceFile = s.loaded().source().file();
            BundleWriter.write(out, s.file(), () -> open(s.loaded().source()), s.annotations(),
                    traceFile == null ? null : AnnotationStore.beside(traceFile).readResponseByHand(), s.response(),
                    s.scenario(), png, md);
            return out;
        }, p -> host.status().setMessage("Saved report " + p.getFileName()),
                e -> ResponseExportActions.failed(host, e));
    }

    private static InputStream open(TraceSource source) throws IOException {
        if (source.file() != null) {
            return Files.newInputStream(source.file());
        }
        InputStream in = TraceSource.class.getResourceAsStream(source.resource());
        if (in == null) {
            throw new IOException("the sample " + source.name() + " is not bundled in this build");
        }
        return in;
    }
}
