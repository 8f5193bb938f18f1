package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;

import java.util.List;
import java.util.Map;

/**
 * A news app launch whose AsyncTask downloads and parses the feed and then writes a 1.6 MB cache
 * file before it posts the result: the write sits on the critical path. The fix defers the write
 * to a task started after the feed is shown.
 */
public final class NewsLaunch implements Scenario {
    private static final String PKG = "com.example.news";
    private static final String ACTIVITY = PKG + ".NewsActivity";
    private static final Fix FIXED = new Fix("fixed", "the cache write runs in a task started from onPostExecute",
            WhatIf.defer("*FeedCache.write"));

    private final View decor = new View("DecorView#news", "com.android.internal.policy.DecorView.draw", 6, 20);
    private final View feedList = new View("RecyclerView#feed_list", "androidx.recyclerview.widget.RecyclerView.draw", 9, 17);
    private final View ticker = new View("TickerView#headlines", PKG + ".TickerView.onDraw", 0.8, 0);

    @Override
    public String name() {
        return "news-launch";
    }

    @Override
    public String description() {
        return "App launch whose worker writes a 1.6 MB cache file before posting the feed; deferring the write saves about a third";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(FIXED);
    }

    @Override
    public Recording record(Fix fix) {
        boolean fixed = fix != null;
        AppProcess p = new AppProcess(PKG, 4311, 20161129L, 1_400_000_000L);
        SimThread worker = p.asyncTaskThread(1);
        SimThread cachePool = p.executorThread(2, 1);
        p.systemNoise();
        p.animationThread("ticker-anim", PKG + ".TickerView$Animator", ticker, 190_000_000L);
        p.launch(40_000_000L, ACTIVITY, x -> {
            x.call("androidx.appcompat.app.AppCompatActivity.onCreate(Landroid/os/Bundle;)V", () -> x.cpu("super.onCreate", 9));
            Launch.setContentView(x, ACTIVITY, 38);
            x.call(ACTIVITY + ".setupToolbar()V", () -> x.cpu("toolbar", 5));
            x.call(PKG + ".FeedAdapter.<init>(Landroid/content/Context;)V", () -> x.cpu("adapter", 1.2));
        }, x -> x.call(ACTIVITY + ".loadFeed()V", () -> Android.asyncTask(x, worker, p.main, PKG + ".FeedTask",
                w -> {
                    Ui.method(w, PKG + ".NewsApi.fetchFeed()Ljava/lang/String;",
                            () -> Android.httpGet(w, "feed", "api.news.example.com", 212_000, 110, 75, 8));
                    Ui.method(w, PKG + ".FeedParser.parse(Ljava/lang/String;)Ljava/util/List;", () -> Android.parseJson(w, "parse", 92));
                    if (!fixed) {
                        writeCache(w);
                    }
                },
                m -> {
                    m.call(PKG + ".FeedAdapter.setItems(Ljava/util/List;)V", () -> {
                        m.cpu("bind", 11);
                        m.call("androidx.recyclerview.widget.RecyclerView.requestLayout()V", () -> Android.requestLayout(m, feedList));
                    });
                    if (fixed) {
                        m.call(PKG + ".FeedCache.writeLater(Ljava/util/List;)V",
                                () -> Android.execute(m, cachePool, PKG + ".FeedCache$WriteTask", this::writeCache));
                    }
                })), decor);
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }

    private void writeCache(Exec w) {
        Ui.method(w, PKG + ".FeedCache.write(Ljava/util/List;)V",
                () -> Android.writeFile(w, "cache.write", "/data/data/com.example.news/cache/feed.json", 1_600_000, 25, 8.3));
    }
}
