package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;

import java.util.List;
import java.util.Map;

/**
 * The smallest useful example: a tap starts an AsyncTask that queries a SQLite database, and
 * {@code onPostExecute} shows the rows. The fix: an index makes the query four times faster.
 */
public final class ClickAsyncTask implements Scenario {
    private static final String PKG = "com.example.notes";
    private static final Fix FIXED = new Fix("fixed", "an index on notes(folder) makes the query four times faster",
            WhatIf.speedup("*NoteDao.queryNotes", 4));

    private final View button = new View("Button#show_notes", "android.widget.TextView.onDraw", 0.6, 0);
    private final View list = new View("ListView#notes", "android.widget.ListView.draw", 6, 9);
    private final View syncBadge = new View("SyncBadgeView#sync", PKG + ".SyncBadgeView.onDraw", 0.4, 0);

    @Override
    public String name() {
        return "click-asynctask";
    }

    @Override
    public String description() {
        return "Tap, AsyncTask with a SQLite query, onPostExecute: the smallest response that crosses threads";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(FIXED);
    }

    @Override
    public Recording record(Fix fix) {
        double queryMs = fix == null ? 168 : 42;
        AppProcess p = new AppProcess(PKG, 3877, 20161203L, 800_000_000L);
        SimThread worker = p.asyncTaskThread(1);
        p.systemNoise();
        p.animationThread("sync-anim", PKG + ".SyncBadgeView$Pulse", syncBadge, 20_000_000L);
        Ui.tap(p, 180_000_000L, button, PKG + ".NotesActivity", x -> Android.asyncTask(x, worker, p.main, PKG + ".LoadNotesTask", w ->
                w.call(PKG + ".NoteStore.loadNotes(J)Ljava/util/List;", () -> {
                    Ui.method(w, PKG + ".NoteDao.queryNotes(J)Landroid/database/Cursor;", () -> Android.sqlite(w, "query",
                            "android.database.sqlite.SQLiteDatabase.query(Ljava/lang/String;[Ljava/lang/String;Ljava/lang/String;[Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Landroid/database/Cursor;",
                            false, "/data/data/com.example.notes/databases/notes.db", 38_000, queryMs));
                    w.call("android.database.AbstractCursor.moveToNext()Z", () -> w.cpu("cursor", 9));
                }), m -> m.call(PKG + ".NotesAdapter.swap(Ljava/util/List;)V", () -> {
                    m.cpu("swap", 3);
                    Android.requestLayout(m, list);
                })));
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }
}
