package dev.ura.app.ui.export;

import dev.ura.app.annotations.Annotation;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.StatusSink;
import dev.ura.app.ui.response.ResponseModel;
import dev.ura.app.ui.timeline.TimelineView;

import java.awt.Window;
import java.util.List;

/**
 * What File › Export Image, Export Response and Save Report need of the window: the viewport, the
 * selected response, the annotations, a status line and a parent for their dialogs. The actions
 * take this instead of the whole frame, so this package does not depend on the one that builds
 * the window (which would close an import cycle).
 */
public interface ExportHost {
    /** The parent of the file and error dialogs. */
    Window window();

    StatusSink status();

    /** The trace shown, or {@code null}. */
    LoadedTrace loaded();

    /** The viewport an image export paints. */
    TimelineView timeline();

    /** The header line of a view export (trace, response, what-if). */
    ExportHeader viewHeader();

    ResponseModel responseModel();

    /** The annotations shown now, for response exports and reports. */
    List<Annotation> annotationList();

    /** The width of the last response export, remembered between sessions. */
    int exportWidth();

    void setExportWidth(int px);

    /** Gives the keyboard back to the timeline after a dialog. */
    void focusTimeline();
}
