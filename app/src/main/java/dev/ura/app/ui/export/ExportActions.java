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
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
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
     * Writes the current view as PNG or SVG. The picture is painted on the EDT (the overlays paint
     * the live view's state), the file is written off it.
     */
    public static void write(ExportHost host, Path out, boolean svg) {
        TimelineScene scene = host.timeline().scene();
        int w = Math.max(640, host.timeline().getWidth());
        int h = Math.max(400, host.timeline().getHeight() + 80);
        ExportHeader header = header(host);
        byte[] text;
        BufferedImage img;
        try {
            text = svg ? ExportPainter.svg(scene, header, w, h).getBytes(StandardCharsets.UTF_8) : null;
            img = svg ? null : ExportPainter.image(scene, header, w, h);
        } finally {
            // overlays remember where they were drawn for hit-testing: give them the window's geometry back
            host.timeline().repaint();
        }
        host.status().setMessage("Exporting " + out.getFileName() + "…");
        Background.run(() -> {
            ImageFiles.write(out, svg ? text : ImageFiles.pngBytes(img));
            return out;
        }, p -> host.status().setMessage("Exported " + p.getFileName()), e -> ResponseExportActions.failed(host, e));
    }

    public static void copyImage(ExportHost host) {
        TimelineScene scene = host.timeline().scene();
        if (scene == null) {
            return;
        }
        int w = Math.max(640, host.timeline().getWidth());
        int h = Math.max(400, host.timeline().getHeight() + 80);
        BufferedImage img = ExportPainter.image(scene, header(host), w, h);
        host.timeline().repaint();
        Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new ImageSelection(img), null);
        host.status().setMessage("Image copied to the clipboard");
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
