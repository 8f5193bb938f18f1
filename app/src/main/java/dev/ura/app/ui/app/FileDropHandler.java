package dev.ura.app.ui.app;

import javax.swing.TransferHandler;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.UnsupportedFlavorException;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/** Accepts one dropped file and opens it. */
public final class FileDropHandler extends TransferHandler {
    private final Consumer<File> open;

    FileDropHandler(Consumer<File> open) {
        this.open = open;
    }

    @Override
    public boolean canImport(TransferSupport support) {
        return support.isDataFlavorSupported(DataFlavor.javaFileListFlavor);
    }

    @Override
    public boolean importData(TransferSupport support) {
        if (!canImport(support)) {
            return false;
        }
        try {
            @SuppressWarnings("unchecked")
            List<File> files = (List<File>) support.getTransferable().getTransferData(DataFlavor.javaFileListFlavor);
            if (files.isEmpty()) {
                return false;
            }
            open.accept(files.get(0));
            return true;
        } catch (UnsupportedFlavorException | IOException e) {
            // the drag source withdrew the data; TransferHandler reports the drop as refused
            return false;
        }
    }
}
