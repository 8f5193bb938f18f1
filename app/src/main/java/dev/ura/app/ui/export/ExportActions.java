package dev.ura.app.ui.export;

import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.PlainText;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.ui.app.ExplorerFrame;
import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.TimelineScene;

import javax.swing.JFileChooser;
import javax.swing.JOptionPane;
import javax.swing.filechooser.FileNameExtensionFilter;
import java.awt.Image;
import java.awt.Toolkit;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.Transferable;
import java.awt.datatransfer.UnsupportedFlavorException;
import java.awt.image.BufferedImage;
import dev.ura.app.report.ImageFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** File › Export Image (PNG or SVG) and Copy Image, of the current view at the window's size. */
public final class ExportActions {
    private ExportActions() {
    }

    public static void exportImage(ExplorerFrame frame) {
        TimelineScene scene = frame.timeline().scene();
        if (scene == null) {
            return;
        }
        JFileChooser chooser = new JFileChooser(LoadedTrace.dialogFolder(frame.loaded(), null));
        chooser.setDialogTitle("Export image");
        FileNameExtensionFilter png = new FileNameExtensionFilter("PNG image", "png");
        FileNameExtensionFilter svg = new FileNameExtensionFilter("SVG drawing", "svg");
        chooser.addChoosableFileFilter(png);
        chooser.addChoosableFileFilter(svg);
        chooser.setFileFilter(png);
        String base = frame.loaded().source().name().replaceAll("\\.[^.]*$", "");
        chooser.setSelectedFile(new java.io.File(chooser.getCurrentDirectory(), base + ".png"));
        if (chooser.showSaveDialog(frame) != JFileChooser.APPROVE_OPTION) {
            return;
        }
        Path out = chooser.getSelectedFile().toPath();
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean asSvg = name.endsWith(".svg") || !name.endsWith(".png") && chooser.getFileFilter() == svg;
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            out = out.resolveSibling(out.getFileName() + (asSvg ? ".svg" : ".png"));
        }
        try {
            write(frame, out, asSvg);
            frame.status().setMessage("Exported " + out.getFileName());
        } catch (IOException e) {
            JOptionPane.showMessageDialog(frame, PlainText.message(e.getMessage()), "Export failed",
                    JOptionPane.ERROR_MESSAGE);
        }
    }

    /** Writes the current view as PNG or SVG. */
    public static void write(ExplorerFrame frame, Path out, boolean svg) throws IOException {
        TimelineScene scene = frame.timeline().scene();
        int w = Math.max(640, frame.timeline().getWidth());
        int h = Math.max(400, frame.timeline().getHeight() + 80);
        ExportHeader header = header(frame);
        try {
            if (svg) {
                ImageFiles.writeText(ExportPainter.svg(scene, header, w, h), out); // the one output writer
            } else {
                ImageFiles.writePng(ExportPainter.image(scene, header, w, h), out);
            }
        } finally {
            // overlays remember where they were drawn for hit-testing: give them the window's geometry back
            frame.timeline().repaint();
        }
    }

    public static void copyImage(ExplorerFrame frame) {
        TimelineScene scene = frame.timeline().scene();
        if (scene == null) {
            return;
        }
        int w = Math.max(640, frame.timeline().getWidth());
        int h = Math.max(400, frame.timeline().getHeight() + 80);
        BufferedImage img = ExportPainter.image(scene, header(frame), w, h);
        frame.timeline().repaint();
        Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new ImageSelection(img), null);
        frame.status().setMessage("Image copied to the clipboard");
    }

    private static ExportHeader header(ExplorerFrame frame) {
        return frame.responses().header();
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
