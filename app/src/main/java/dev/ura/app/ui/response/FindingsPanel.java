package dev.ura.app.ui.response;

import dev.ura.app.ui.Padding;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.RowTableModel;
import dev.ura.app.ui.TableFit;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.render.TimeFormat;

import javax.swing.JButton;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.util.List;
import java.util.function.Consumer;

/** Findings of the selected response, with Show (zoom to the evidence) and Try fix (add the suggested what-if). */
public final class FindingsPanel extends JPanel {
    private final RowTableModel<Finding> table = new RowTableModel<>((f, c) -> switch (c) {
        case 0 -> f.severity();
        case 1 -> f.message();
        default -> f.suggestion() == null ? "—" : TimeFormat.duration(f.estimatedSavingNs());
    }, "Severity", "Finding", "Could save");
    private final JTable view = PlainText.table(new JTable(table));

    public FindingsPanel(ResponseModel model, Consumer<Finding> show, Consumer<Finding> tryFix) {
        super(new BorderLayout());
        view.setName("findings");
        view.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        TableFit.fit(view, 1);
        JButton showButton = new JButton("Show");
        showButton.setName("showFinding");
        JButton fixButton = new JButton("Try fix");
        fixButton.setName("tryFix");
        showButton.addActionListener(e -> selected().ifPresent(show));
        fixButton.addActionListener(e -> selected().filter(f -> f.suggestion() != null).ifPresent(tryFix));
        view.getSelectionModel().addListSelectionListener(e -> {
            var f = selected();
            showButton.setEnabled(f.isPresent());
            fixButton.setEnabled(f.isPresent() && f.get().suggestion() != null);
        });
        showButton.setEnabled(false);
        fixButton.setEnabled(false);
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.RIGHT));
        buttons.setBorder(Padding.of(0, 0, 0, 4));
        buttons.add(showButton);
        buttons.add(fixButton);
        add(new JScrollPane(view), BorderLayout.CENTER);
        add(buttons, BorderLayout.SOUTH);
        model.addListener(() -> {
            table.setRows(model.findings());
        });
    }

    private java.util.Optional<Finding> selected() {
        int r = view.getSelectedRow();
        return r < 0 || r >= table.rows().size() ? java.util.Optional.empty() : java.util.Optional.of(table.rows().get(r));
    }
}
