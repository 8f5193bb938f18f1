package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.EventKind;

/**
 * The example of {@code agent-log-v1.md}: a click hands a download to an AsyncTask, whose result
 * is posted back to the main thread, which invalidates a view drawn at 99–104 ms. Optionally the
 * click also writes 20 ms to storage on the main thread before returning.
 */
public final class NewsFeedExample {
    public static final long MS = 1_000_000L;

    private NewsFeedExample() {
    }

    public static ResponseWork build() {
        return build(false);
    }

    public static ResponseWork build(boolean writeInClick) {
        WorkFixtures f = new WorkFixtures();
        int main = f.thread("main", true);
        int worker = f.thread("AsyncTask #1", false);
        long clickEnd = writeInClick ? 21_300_000L : 1_300_000L;
        int click = f.interval(EventKind.USER_INPUT, main, 1 * MS, clickEnd, "onClick");
        f.call(main, "com.example.news.FeedActivity.onRefreshClicked", 1_050_000L, clickEnd - 50_000L);
        int send = f.instant(EventKind.SEND_MSG, main, 1_200_000L, "task@51");
        if (writeInClick) {
            f.call(main, "com.example.news.Prefs.save", 1_250_000L, 21_250_000L);
            f.interval(EventKind.WRITE, main, 1_250_000L, 21_250_000L, null);
        }
        int bg = f.interval(EventKind.DISPATCH_MSG, worker, 1_400_000L, 91_700_000L, "doInBackground");
        f.call(worker, "com.example.news.FeedTask.doInBackground", 1_420_000L, 91_650_000L);
        f.interval(EventKind.RECV, worker, 1_500_000L, 91_500_000L, null);
        int post = f.instant(EventKind.SEND_MSG, worker, 91_600_000L, "msg@77");
        int ui = f.interval(EventKind.DISPATCH_MSG, main, 92 * MS, 92_300_000L, "onPostExecute");
        f.call(main, "com.example.news.FeedTask.onPostExecute", 92_010_000L, 92_290_000L);
        int inv = f.instant(EventKind.INVALIDATE, main, 92_100_000L, "9");
        f.untracked();
        int draw = f.interval(EventKind.DRAW, main, 99 * MS, 104 * MS, null);
        f.call(main, "android.view.ViewRootImpl.performDraw", 99 * MS, 104 * MS);
        f.link(send, bg, LinkKind.IDENTITY).link(post, ui, LinkKind.IDENTITY).fulfil(inv, draw);
        return f.work(click, draw);
    }
}
