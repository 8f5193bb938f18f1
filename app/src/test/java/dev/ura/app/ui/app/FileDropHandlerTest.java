package dev.ura.app.ui.app;

import org.junit.jupiter.api.Test;

import javax.swing.JPanel;
import javax.swing.TransferHandler;
import java.awt.datatransfer.DataFlavor;
import java.awt.datatransfer.StringSelection;
import java.awt.datatransfer.Transferable;
import java.io.File;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FileDropHandlerTest {
    private static Transferable files(List<File> files) {
        return new Transferable() {
            @Override
            public DataFlavor[] getTransferDataFlavors() {
                return new DataFlavor[]{DataFlavor.javaFileListFlavor};
            }

            @Override
            public boolean isDataFlavorSupported(DataFlavor flavor) {
                return DataFlavor.javaFileListFlavor.equals(flavor);
            }

            @Override
            public Object getTransferData(DataFlavor flavor) {
                return files;
            }
        };
    }

    @Test
    void aDroppedFileIsOpenedAndTextIsRefused() {
        List<File> opened = new ArrayList<>();
        FileDropHandler h = new FileDropHandler(opened::add);
        JPanel target = new JPanel();
        File f = new File("/tmp/a.trace");
        assertThat(h.importData(new TransferHandler.TransferSupport(target, files(List.of(f, new File("/tmp/b")))))).isTrue();
        assertThat(opened).containsExactly(f);
        assertThat(h.canImport(new TransferHandler.TransferSupport(target, new StringSelection("x")))).isFalse();
        assertThat(h.importData(new TransferHandler.TransferSupport(target, files(List.of())))).isFalse();
    }
}
