package dev.ura.app.ui.export;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.render.Palette;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.report.ResponsePicture;
import dev.ura.app.ui.Background;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.response.ResponseModel;

import javax.swing.BorderFactory;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import java.awt.GridLayout;
import java.awt.Toolkit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * File › Export Response… and Copy Response Image: the selected response as a whole (every thread
 * that takes part, critical path, what-if, annotations; not the viewport) at 1200, 1600 or 2400 px,
 * optionally 2× for HiDPI, as PNG or SVG. The picture is painted off the EDT.
 */
public final class ResponseExportActions {
    private ResponseExportActions() {
    }

    /** What to paint, taken on the EDT so the worker sees one consistent state. */
    record Snapshot(String file, LoadedTrace loaded, Analysis analysis, int response, Scenario scenario,
                    List<Annotation> annotations, Palette palette) {
    }

    /** The current response view, or {@code null} (with a message) when there is none. */
    static Snapshot snapshot(ExportHost host) {
        ResponseModel model = host.responseModel();
        LoadedTrace t = host.loaded();
        if (t == null || model.analysis() == null || model.selected() < 0) {
            host.status().setMessage("Select a response first: the export shows one response as a whole");
            return null;
        }
        Palette palette = host.timeline().scene() == null ? Palette.LIGHT : host.timeline().scene().palette();
        return new Snapshot(t.source().name(), t, model.analysis(), model.selected(), model.scenario(),
                host.annotationList(), palette);
    }

    static ResponsePicture picture(Snapshot s, int width, double scale) {
        return ResponsePicture.of(s.file(), s.loaded().index(), s.analysis(), s.response(), s.scenario(),
                s.annotations(), s.palette(), new ResponsePicture.Size(width, scale, null));
    }

    public static void exportResponse(ExportHost host) {
        Snapshot s = snapshot(host);
        if (s == null) {
            return;
        }
        JComboBox<Integer> width = new JComboBox<>(ResponsePicture.WIDTHS.toArray(new Integer[0]));
        width.setName("exportWidth");
        width.setSelectedItem(host.exportWidth());
        JCheckBox hiDpi = new JCheckBox("2× pixels (HiDPI)");
        hiDpi.setName("exportHiDpi");
        JPanel options = new JPanel(new GridLayout(0, 2, 8, 4));
        options.setBorder(BorderFactory.createEmptyBorder(4, 4, 4, 4));
        options.add(new JLabel("Width (px):"));
        options.add(width);
        options.add(new JLabel(""));
        options.add(hiDpi);
        ExportChooser chooser = ExportDialogs.chooser(s.loaded(), "Export response", base(s) + "-response-"
                + s.response() + ".png", List.of(ExportChooser.Format.PNG, ExportChooser.Format.SVG));
        chooser.setAccessory(options);
        Path out = ExportDialogs.ask(host, chooser);
        if (out == null) {
            return;
        }
        int w = (Integer) width.getSelectedItem();
        host.setExportWidth(w);
        write(host, s, out, chooser.chosenFormat() == ExportChooser.Format.SVG, w, hiDpi.isSelected() ? 2 : 1);
    }

    /** Paints and writes off the EDT; reports on the EDT. */
    public static void write(ExportHost host, Snapshot s, Path out, boolean svg, int width, double scale) {
        host.status().setMessage("Exporting " + out.getFileName() + "…");
        Background.run(() -> {
            ResponsePicture p = picture(s, width, scale);
            if (svg) {
                ImageFiles.writeText(p.svg(), out);
            } else {
                ImageFiles.writePng(p.png(), out);
            }
            return p;
        }, p -> host.status().setMessage("Exported " + out.getFileName() + " (" + p.widthPx() + " × " + p.heightPx()
                + " px)"), e -> failed(host, e));
    }

    /** Exports the current response to a file without asking (tests, scripts). */
    public static void writeCurrent(ExportHost host, Path out, int width, double scale) {
        Snapshot s = snapshot(host);
        if (s != null) {
            write(host, s, out, out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg"), width, scale);
        }
    }

    public static void copyResponseImage(ExportHost host) {
        Snapshot s = snapshot(host);
        if (s == null) {
            return;
        }
        Background.run(() -> picture(s, 1600, 1).png(), img -> {
            Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new ExportActions.ImageSelection(img), null);
            host.status().setMessage("Response image copied to the clipboard");
        }, e -> failed(host, e));
    }

    static void failed(ExportHost host, Throwable e) {
        String msg = e instanceof IOException ? e.getMessage() : String.valueOf(e);
        host.status().setMessage("Export failed");
        JOptionPane.showMessageDialog(host.window(), dev.ura.app.ui.PlainText.message(msg), "Export failed", JOptionPane.ERROR_MESSAGE);
    }

    static String base(Snapshot s) {
        return s.file().replaceAll("\\.[^.]*$", "");
    }
}
