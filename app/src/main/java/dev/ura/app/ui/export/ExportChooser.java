package dev.ura.app.ui.export;

import javax.swing.JFileChooser;
import javax.swing.JOptionPane;
import javax.swing.filechooser.FileFilter;
import javax.swing.filechooser.FileNameExtensionFilter;
import javax.swing.plaf.basic.BasicFileChooserUI;
import java.awt.Component;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The save dialog of every export: the file type chosen in "Files of type" is the format written.
 * Choosing a type renames the file in the name field to that type's extension (so what is shown is
 * what is written); a name without a known extension gets the chosen type's; a name that ends in a
 * known extension keeps the format it names. Before replacing an existing file it asks.
 */
public final class ExportChooser extends JFileChooser {
    /** A file type offered: its filter's description and its extension without the dot. */
    public record Format(String description, String extension) {
        public static final Format PNG = new Format("PNG image", "png");
        public static final Format SVG = new Format("SVG drawing", "svg");
    }

    private final List<Format> formats;
    private final List<FileNameExtensionFilter> filters;
    private Path chosen;
    private Format chosenFormat;

    ExportChooser(File folder, String title, String fileName, List<Format> formats) {
        super(folder);
        this.formats = formats;
        // a filter matches the last extension only (".ura.zip" lists as ".zip")
        this.filters = formats.stream().map(f -> new FileNameExtensionFilter(f.description(), last(f.extension()))).toList();
        setDialogTitle(title);
        setAcceptAllFileFilterUsed(false);
        filters.forEach(this::addChoosableFileFilter);
        setFileFilter(filters.get(0));
        setSelectedFile(folder == null ? new File(fileName) : new File(folder, fileName));
        addPropertyChangeListener(FILE_FILTER_CHANGED_PROPERTY, e -> renameToChosenType());
    }

    /** The file to write once the dialog was approved (with its extension), else {@code null}. */
    public Path chosen() {
        return chosen;
    }

    /** The format to write once the dialog was approved. */
    public Format chosenFormat() {
        return chosenFormat;
    }

    /** Shows the dialog; the file to write, or {@code null} when cancelled. */
    public Path ask(Component parent) {
        return showSaveDialog(parent) == APPROVE_OPTION ? chosen : null;
    }

    private Format filterFormat() {
        FileFilter f = getFileFilter();
        int i = filters.indexOf(f);
        return formats.get(Math.max(0, i));
    }

    /** The known format a name's extension names, or {@code null}. */
    Format formatOf(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (Format f : formats) {
            if (lower.endsWith("." + f.extension())) {
                return f;
            }
        }
        return null;
    }

    /** The name the dialog holds now: the text field's when the look and feel has one. */
    private String typedName() {
        if (getUI() instanceof BasicFileChooserUI ui && ui.getFileName() != null && !ui.getFileName().isBlank()) {
            return ui.getFileName().trim();
        }
        File f = getSelectedFile();
        return f == null ? null : f.getName();
    }

    private void renameToChosenType() {
        String name = typedName();
        if (name == null || name.isEmpty()) {
            return;
        }
        Format now = formatOf(name);
        Format wanted = filterFormat();
        if (now == wanted) {
            return;
        }
        String base = now == null ? name : name.substring(0, name.length() - now.extension().length() - 1);
        setSelectedFile(new File(getCurrentDirectory(), base + "." + wanted.extension()));
    }

    /** Where a name resolves to with the extension of its format added when it has none. */
    Path withExtension(File file) {
        Format f = formatOf(file.getName());
        if (f != null) {
            chosenFormat = f;
            return file.toPath();
        }
        chosenFormat = filterFormat();
        String name = file.getName();
        String partial = "." + last(chosenFormat.extension());
        if (!partial.equals("." + chosenFormat.extension()) && name.toLowerCase(Locale.ROOT).endsWith(partial)) {
            name = name.substring(0, name.length() - partial.length()); // "x.zip" for ".ura.zip": not "x.zip.ura.zip"
        }
        return file.toPath().resolveSibling(name + "." + chosenFormat.extension());
    }

    private static String last(String extension) {
        return extension.substring(extension.lastIndexOf('.') + 1);
    }

    @Override
    public void approveSelection() {
        File f = getSelectedFile();
        if (f == null) {
            return;
        }
        Path out = withExtension(f);
        if (out.toFile().exists()) {
            int answer = JOptionPane.showConfirmDialog(this,
                    out.getFileName() + " already exists in " + out.toAbsolutePath().getParent() + ".\nReplace it?",
                    "Replace file?", JOptionPane.YES_NO_OPTION, JOptionPane.WARNING_MESSAGE);
            if (answer != JOptionPane.YES_OPTION) {
                return;
            }
        }
        chosen = out;
        super.approveSelection();
    }
}
