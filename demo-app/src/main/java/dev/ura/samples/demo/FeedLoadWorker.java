package dev.ura.samples.demo;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import javax.swing.SwingWorker;

/**
 * One click's load: fetch and parse the feed and load the thumbnails in the background, then, on
 * the EDT, write the cache file and show the result. Each {@link DemoSwitches} optimisation changes
 * exactly its step.
 */
final class FeedLoadWorker extends SwingWorker<FeedLoadWorker.Result, Void> {
    record Result(byte[] raw, Feed feed, List<BufferedImage> thumbs) {
    }

    private final FeedReaderApp app;
    private final CompletableFuture<List<BufferedImage>> earlyThumbs;

    /** Created on the EDT by the click; with parallel thumbnails, their loading starts right here. */
    FeedLoadWorker(FeedReaderApp app, Executor background) {
        this.app = app;
        this.earlyThumbs = app.switches().parallelThumbnails()
                ? CompletableFuture.supplyAsync(this::loadThumbnails, background) : null;
    }

    private List<BufferedImage> loadThumbnails() {
        try {
            return app.thumbnails().loadAll(app.switches().thumbnails());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    @Override
    protected Result doInBackground() throws Exception {
        FeedClient.Fetched fetched = app.client().get("/feed.json");
        Feed feed = app.parsedFeed(fetched);
        List<BufferedImage> thumbs = earlyThumbs != null ? earlyThumbs.get() : loadThumbnails();
        return new Result(fetched.bytes(), feed, thumbs);
    }

    @Override
    protected void done() {
        Result r;
        try {
            r = get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            app.window().failed("interrupted");
            return;
        } catch (ExecutionException e) {
            app.window().failed(String.valueOf(e.getCause()));
            return;
        }
        try {
            if (!app.switches().deferCacheWrite()) {
                app.cache().write(r.raw());
            }
            app.window().show(r.feed(), r.thumbs());
            if (app.switches().deferCacheWrite()) {
                app.writeCacheLater(r.raw());
            }
        } catch (IOException e) {
            app.window().failed("cache: " + e.getMessage());
        }
    }
}
