package dev.ura.app.ui.export;

import dev.ura.app.render.ExportHeader;
import dev.ura.app.report.ImageFiles;
import dev.ura.app.ui.Background;
import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.TimelineScene;

import java.awt.Image;
import java.awt.Toolkit;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.Transferable;
import java.awt.datatransfer.UnsupportedFlavorException;
import java.nio.file.Path;
import java.util.List;

/** File › Export Image (PNG or SVG) and Copy Image, of the current view at the window's size. */
public final class ExportActions {
    private ExportActions() {
    }

    public static void exportImage(ExportHost host) {
        TimelineScene scene = host.timeline().scene();
        if (scene == null) {
            return;
        }
        String base = host.loaded().source().name().replaceAll("\\.[^.]*$", "");
        ExportChooser chooser = ExportDialogs.chooser(host.loaded(), "Export image", base + ".png",
                List.of(ExportChooser.Format.PNG, ExportChooser.Format.SVG));
        Path out = ExportDialogs.ask(host, chooser);
        if (out != null) {
            write(host, out, chooser.chosenFormat() == ExportChooser.Format.SVG);
        }
    }

    /**
     * Writes the current view as PNG or SVG. The EDT only takes a copy of the view's state (axis,
     * lanes, selection, overlays as they are now: {@link TimelineScene#copy}); the picture is painted
     * and written on a worker, so a big view never holds up the window.
     */
    public static void write(ExportHost host, Path out, boolean svg) {
        TimelineScene snapshot = host.timeline().scene().copy();
        int w = Math.max(640, host.timeline().getWidth());
        int h = Math.max(400, host.timeline().getHeight() + 80);
        ExportHeader header = header(host);
        host.status().setMessage("Exporting " + out.getFileName() + "…");
        Background.run(() -> {
            if (svg) {
                ImageFiles.writeText(ExportPainter.svg(snapshot, header, w, h), out);
            } else {
                ImageFiles.writePng(ExportPainter.image(snapshot, header, w, h), out);
            }
            return out;
        }, p -> host.status().setMessage("Exported " + p.getFileName()), e -> ResponseExportActions.failed(host, e));
    }

    /** The view as an image, painted off the EDT like {@link #write}, then put on the clipboard. */
    public static void copyImage(ExportHost host) {
        TimelineScene scene = host.timeline().scene();
        if (scene == null) {
            return;
        }
        TimelineScene snapshot = scene.copy();
        int w = Math.max(640, host.timeline().getWidth());
        int h = Math.max(400, host.timeline().getHeight() + 80);
        ExportHeader header = header(host);
        Background.run(() -> ExportPainter.image(snapshot, header, w, h), img -> {
            Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new ImageSelection(img), null);
            host.status().setMessage("Image copied to the clipboard");
        }, e -> ResponseExportActions.failed(host, e));
    }

    private static ExportHeader header(ExportHost host) {
        return host.viewHeader();
    }

    record ImageSelection(Image image) implements Transferable {
        @Override
        public DataFlavor[] getTransferDataFlavors() {
            return new DataFlavor[]{DataFlavor.imageFlavor};
        }

        @Override
        public boolean isDataFlavorSupported(DataFlavor flavor) {
            return DataFlavor.imageFlavor.equals(flavor);
        }

        @Override
        public Object getTransferData(DataFlavor flavor) throws UnsupportedFlavorException {
            if (!isDataFlavorSupported(flavor)) {
                throw new UnsupportedFlavorException(flavor);
            }
            return image;
        }
    }
}
