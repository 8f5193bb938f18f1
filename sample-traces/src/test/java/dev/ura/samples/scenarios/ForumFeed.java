package dev.ura.samples.scenarios;

import dev.ura.samples.sim.Android;
import dev.ura.samples.sim.Exec;
import dev.ura.samples.sim.SimThread;
import dev.ura.samples.sim.View;

import java.util.List;
import java.util.Map;

/**
 * A tap that opens a forum: a token check, the feed download and its JSON parse on an AsyncTask,
 * then, only after the posts are bound, a thumbnail task that needs nothing but the thumbnail
 * URLs the forum index already had. Two fixes, two twins: read the parsed feed from a cache
 * (about 26 %), or start the thumbnail task in parallel with the feed (about 10 %).
 */
public final class ForumFeed implements Scenario {
    private static final String PKG = "com.example.forum";
    private static final String ACTIVITY = PKG + ".ForumActivity";
    private static final Fix CACHED = new Fix("cached", "the parsed feed is read from a cache instead of downloaded and parsed",
            WhatIf.speedup("*ForumApi.loadFeed", 12));
    private static final Fix PARALLEL = new Fix("parallel", "the thumbnail task starts in onClick, in parallel with the feed",
            WhatIf.parallel("*ThumbnailTask.doInBackground"));

    private final View button = new View("Button#open_forum", "android.widget.TextView.onDraw", 0.6, 0);
    private final View screen = new View("FrameLayout#forum_screen", "android.widget.FrameLayout.draw", 4, 9);
    private final View posts = new View("RecyclerView#posts", "androidx.recyclerview.widget.RecyclerView.draw", 11, 26);
    private final View spinner = new View("ProgressBar#loading", "android.widget.ProgressBar.onDraw", 0.5, 0);

    @Override
    public String name() {
        return "forum-feed";
    }

    @Override
    public String description() {
        return "Tap that downloads and parses a JSON feed, then loads thumbnails that could have started at once; caching the feed saves about 26 %, the parallel thumbnails about 10 %";
    }

    @Override
    public List<Fix> fixes() {
        return List.of(CACHED, PARALLEL);
    }

    @Override
    public Recording record(Fix fix) {
        boolean cached = fix == CACHED;
        boolean parallel = fix == PARALLEL;
        AppProcess p = new AppProcess(PKG, 6032, 20161201L, 1_600_000_000L);
        SimThread feedWorker = p.asyncTaskThread(1);
        SimThread thumbWorker = p.asyncTaskThread(2);
        p.systemNoise();
        p.animationThread("spinner-anim", PKG + ".LoadingIndicator$Animator", spinner, 5_000_000L);
        Ui.tap(p, 220_000_000L, button, ACTIVITY, x -> {
            if (parallel) {
                startThumbnails(x, thumbWorker, p.main);
            }
            x.call(ACTIVITY + ".openForum(J)V", () -> {
                x.chain(() -> x.cpu("fragment", 95), "androidx.fragment.app.FragmentTransaction.commitNow()V",
                        PKG + ".ForumFragment.onCreateView(Landroid/view/LayoutInflater;Landroid/view/ViewGroup;Landroid/os/Bundle;)Landroid/view/View;",
                        "android.view.LayoutInflater.inflate(ILandroid/view/ViewGroup;Z)Landroid/view/View;");
                Android.requestLayout(x, screen);
                Android.asyncTask(x, feedWorker, p.main, PKG + ".FeedTask", w -> {
                    Ui.method(w, PKG + ".SessionManager.ensureToken()Ljava/lang/String;",
                            () -> Android.httpGet(w, "token", "auth.example.org", 2_000, 165, 3, 1));
                    Ui.method(w, PKG + ".ForumApi.loadFeed(J)Ljava/util/List;", () -> {
                        if (cached) {
                            Ui.method(w, PKG + ".FeedCache.read(J)Ljava/util/List;", () -> {
                                Android.readFile(w, "cache.read", "/data/data/com.example.forum/cache/feed-42.bin", 96_000, 3, 3.5);
                                w.cpu("deserialize", 5);
                            });
                        } else {
                            Android.httpGet(w, "feed", "forum.example.org", 310_000, 64, 50, 8);
                            Ui.method(w, PKG + ".FeedParser.parse(Ljava/lang/String;)Ljava/util/List;", () -> Android.parseJson(w, "parse", 32));
                        }
                    });
                }, m -> {
                    m.call(PKG + ".PostAdapter.setPosts(Ljava/util/List;)V", () -> {
                        m.cpu("bind", 24);
                        Android.requestLayout(m, posts);
                    });
                    if (!parallel) {
                        startThumbnails(m, thumbWorker, p.main);
                    }
                });
            });
        });
        return new Recording(p.sim.run(p.durationNs, PKG, p.pid, Map.of()), p.sim.truth());
    }

    private void startThumbnails(Exec x, SimThread worker, SimThread main) {
        x.call(ACTIVITY + ".loadThumbnails(Ljava/util/List;)V", () -> Android.asyncTask(x, worker, main, PKG + ".ThumbnailTask", w -> {
            Android.httpGet(w, "thumbs", "img.example.org", 96_000, 12, 16, 4);
            w.call("android.graphics.BitmapFactory.decodeByteArray([BII)Landroid/graphics/Bitmap;", () -> w.cpu("decode", 14));
        }, m -> m.call(PKG + ".PostAdapter.setThumbnails(Ljava/util/List;)V", () -> {
            m.cpu("thumbs.bind", 3);
            Android.invalidate(m, posts);
        })));
    }
}
