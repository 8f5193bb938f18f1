package dev.ura.app.ui.runs;

/** What the runs view asks of the window that mounts it. Called on the EDT. */
public interface RunsListener {
    /** The user clicked run {@code index} (named {@code run}): open its trace. */
    void openRun(int index, String run);

    /** The user asked to compare two selected runs, {@code older} before {@code newer} in the series. */
    void compareRuns(int older, String olderRun, int newer, String newerRun);
}
