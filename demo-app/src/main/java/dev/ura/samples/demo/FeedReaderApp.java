package dev.ura.samples.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.swing.SwingUtilities;

/**
 * The feed reader: {@code java [-javaagent:ura.jar=out=run.jsonl] -cp ura.jar
 * dev.ura.samples.demo.FeedReaderApp [switches]} (see {@link DemoSwitches#parse}).
 */
public final class FeedReaderApp {
    private final DemoSwitches switches;
    private final FeedServer server;
    private final FeedClient client;
    private final ThumbnailLoader thumbnails;
    private final CacheStore cache;
    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "demo-background");
        t.setDaemon(true);
        return t;
    });
    private volatile Feed parsed;
    private FeedWindow window;

    /** Starts the server; the window comes with {@link #open()} (on the EDT). */
    public FeedReaderApp(DemoSwitches switches) throws IOException {
        this.switches = switches;
        this.server = new FeedServer(switches.items());
        this.client = new FeedClient(server.base());
        this.thumbnails = new ThumbnailLoader(client);
        Path file = Files.createTempFile("ura-demo-feed", ".json.gz");
        file.toFile().deleteOnExit();
        this.cache = new CacheStore(file);
    }

    public static void main(String[] args) throws Exception {
        DemoSwitches switches;
        try {
            switches = DemoSwitches.parse(Arrays.asList(args));
        } catch (IllegalArgumentException e) {
            System.err.println("feed reader: " + e.getMessage());
            System.exit(2);
            return;
        }
        // decode thumbnails in memory: ImageIO's default temp-file cache is disk I/O nobody asked for
        javax.imageio.ImageIO.setUseCache(false);
        FeedReaderApp app = new FeedReaderApp(switches);
        SwingUtilities.invokeAndWait(app::open);
        if (switches.clicks() > 0) {
            Thread driver = new Thread(() -> AutoClicker.run(app.window(), switches.clicks()), "demo-driver");
            driver.start();
        }
    }

    /** Creates and shows the window. EDT only. */
    public void open() {
        window = new FeedWindow(this::load);
        window.frame().addWindowListener(new java.awt.event.WindowAdapter() {
            @Override
            public void windowClosed(java.awt.event.WindowEvent e) {
                close();
            }
        });
        window.frame().setVisible(true);
    }

    private void load() {
        window.busy();
        new FeedLoadWorker(this, background).execute();
    }

    /** With {@code cacheParsedFeed}, an unchanged feed (same ETag) is not parsed again. */
    Feed parsedFeed(FeedClient.Fetched fetched) throws IOException {
        Feed p = parsed;
        if (switches.cacheParsedFeed() && p != null && !fetched.etag().isEmpty() && p.etag().equals(fetched.etag())) {
            return p;
        }
        p = FeedParser.parse(fetched.etag(), fetched.bytes());
        parsed = p;
        return p;
    }

    void writeCacheLater(byte[] raw) {
        background.execute(() -> {
            try {
                cache.write(raw);
            } catch (IOException e) {
                System.err.println("feed reader: cache write failed: " + e.getMessage());
            }
        });
    }

    /** Stops the server and the background threads. */
    public void close() {
        server.close();
        background.shutdownNow();
    }

    public FeedWindow window() {
        return window;
    }

    DemoSwitches switches() {
        return switches;
    }

    FeedClient client() {
        return client;
    }

    ThumbnailLoader thumbnails() {
        return thumbnails;
    }

    CacheStore cache() {
        return cache;
    }
}
