package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;
import dev.ura.samples.timeline.AgentEvent;
import dev.ura.trace.model.EventKind;

import java.util.List;
import java.util.Map;

/**
 * A tap on "Go" in a browser: the page engine thread loads, parses and lays out the page, the
 * main thread shows it (PAGE_START ... PAGE_FINISH, then the page view is drawn), and only then
 * the engine writes the HTTP cache and a pool thread the history row. The user sees the page
 * long before the work ends: screen-centric time is about half of computation-centric time.
 * The fix: the typed-URL store is saved with {@code apply()} instead of a synchronous commit.
 */
public final class BrowserPage implements Scenario {
    private static final String PKG = "com.example.browser";
    private static final String PAGE = "page@https://www.example.org/news";
    private static final Fix FIXED = new Fix("fixed", "the typed-URL store is saved after the response instead of committed in onClick",
            WhatIf.defer("*TypedUrlStore.save"));

    private final View go = new View("ImageButton#go", "android.widget.ImageView.onDraw", 0.5, 0);
    private final View progress = new View("ProgressBar#page_progress", "android.widget.ProgressBar.onDraw", 0.6, 2);
    private final View pageView = new View("PageView#content", PKG + ".PageView.onDraw", 15, 6);

    @Override
    public String name() {
        return "browser-page";
    }

    @Override
    public String description() {
        return "Tap that loads a web page: the page is drawn long before the history and cache writes end, so screen-centric time is about half of computation-centric time";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(FIXED);
    }

    @Override
    public Recording record(Fix fix) {
        boolean fixed = fix != null;
        AppProcess p = new AppProcess(PKG, 7301, 20161202L, 1_900_000_000L);
        SimThread engine = p.sim.handlerThread(p.tid(), "PageEngine");
        SimThread historyPool = p.executorThread(1, 1);
        p.systemNoise();
        p.animationThread("toolbar-anim", PKG + ".ToolbarShimmer$Animator", progress, 150_000_000L);
        Ui.tap(p, 230_000_000L, go, PKG + ".BrowserActivity", x -> {
            Ui.method(x, PKG + ".TypedUrlStore.save(Ljava/lang/String;)V", () -> {
                if (fixed) {
                    x.call("android.app.SharedPreferencesImpl$EditorImpl.apply()V", () -> x.cpu("prefs.apply", 0.4));
                } else {
                    Android.commitPreferences(x, "prefs", "/data/data/com.example.browser/shared_prefs/typed_urls.xml", 48_000, 62);
                }
            });
            x.call(PKG + ".PageView.loadUrl(Ljava/lang/String;)V", () -> {
                x.cpu("loadUrl", 1.5);
                x.leaf(PKG + ".PageLoader.<init>(Ljava/lang/String;)V");
                Android.post(x, engine, PKG + ".PageLoader.run", e -> e.chain(() -> load(e, p.main, historyPool),
                        "android.os.Handler.handleCallback(Landroid/os/Message;)V", PKG + ".PageLoader.run()V"));
            });
        });
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }

    private void load(Exec e, SimThread main, SimThread historyPool) {
        e.call(PKG + ".PageLoader.load()V", () -> {
            Android.post(e, main, PKG + ".BrowserClient.onPageStarted", m -> m.chain(() ->
                    m.call(PKG + ".BrowserClient.onPageStarted(Lcom/example/browser/PageView;Ljava/lang/String;)V",
                            AgentEvent.instant(EventKind.PAGE_START, "page", PAGE), () -> {
                                m.cpu("pageStarted", 1);
                                Android.requestLayout(m, progress);
                            }), "android.os.Handler.handleCallback(Landroid/os/Message;)V"));
            Android.httpGet(e, "page", "www.example.org", 180_000, 120, 84, 8);
            e.call(PKG + ".HtmlParser.parse(Ljava/io/InputStream;)Lcom/example/browser/Document;", () -> e.cpu("html", 58));
            e.call(PKG + ".LayoutEngine.layout(Lcom/example/browser/Document;)Lcom/example/browser/Layers;", () -> e.cpu("layout", 41));
            Android.post(e, main, PKG + ".PageRenderer.commit", m -> m.chain(() -> m.call(PKG + ".PageRenderer.commit()V", () -> {
                m.call(PKG + ".PageView.setContent(Lcom/example/browser/Layers;)V", () -> {
                    m.cpu("setContent", 5);
                    Android.invalidate(m, pageView);
                });
                m.call(PKG + ".BrowserClient.onPageFinished(Lcom/example/browser/PageView;Ljava/lang/String;)V",
                        AgentEvent.instant(EventKind.PAGE_FINISH, "page", PAGE), () -> m.cpu("pageFinished", 0.8));
            }), "android.os.Handler.handleCallback(Landroid/os/Message;)V"));
            e.call(PKG + ".HistoryStore.add(Ljava/lang/String;)V", () -> Android.execute(e, historyPool, PKG + ".HistoryStore$InsertTask",
                    h -> Ui.method(h, PKG + ".HistoryStore$InsertTask.insert()V", () -> {
                        Android.sqlite(h, "history", "android.database.sqlite.SQLiteDatabase.insert(Ljava/lang/String;Ljava/lang/String;Landroid/content/ContentValues;)J",
                                true, "/data/data/com.example.browser/databases/history.db", 4_096, 95);
                        Android.sqlite(h, "visits", "android.database.sqlite.SQLiteDatabase.update(Ljava/lang/String;Landroid/content/ContentValues;Ljava/lang/String;[Ljava/lang/String;)I",
                                true, "/data/data/com.example.browser/databases/history.db", 4_096, 60);
                    })));
            Ui.method(e, PKG + ".DiskCache.store(Ljava/lang/String;)V", () -> {
                Android.writeFile(e, "cache.page", "/data/data/com.example.browser/cache/http/3f9a1c.0", 1_600_000, 28, 14.5);
                e.call(PKG + ".DiskCache.writeJournal()V", () -> Android.writeFile(e, "cache.journal",
                        "/data/data/com.example.browser/cache/http/journal", 64_000, 2, 11));
            });
        });
    }
}
