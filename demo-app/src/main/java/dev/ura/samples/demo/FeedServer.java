package dev.ura.samples.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.imageio.ImageIO;

/**
 * The feed reader's own HTTP server on 127.0.0.1 (an ephemeral port): {@code /feed.json} (a
 * generated feed, the same bytes every time, with an ETag) and {@code /thumb/N.png}. Each answer
 * waits a fixed time first, standing in for a remote server's latency, so recordings are
 * repeatable.
 */
public final class FeedServer implements AutoCloseable {
    static final int FEED_LATENCY_MS = 100;
    static final int THUMB_LATENCY_MS = 25;

    private final HttpServer server;
    private final ExecutorService pool = Executors.newFixedThreadPool(16, r -> {
        Thread t = new Thread(r, "feed-server");
        t.setDaemon(true);
        return t;
    });
    private final byte[] feed;
    private final byte[] thumb;

    /** Starts serving a feed of {@code items} items. */
    public FeedServer(int items) throws IOException {
        feed = generateFeed(items);
        thumb = generateThumbnail();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/feed.json", ex -> answer(ex, feed, "application/json", FEED_LATENCY_MS));
        server.createContext("/thumb/", ex -> answer(ex, thumb, "image/png", THUMB_LATENCY_MS));
        server.start();
    }

    /** The server's base address, e.g. {@code http://127.0.0.1:41234}. */
    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void answer(HttpExchange ex, byte[] body, String type, int latencyMs) throws IOException {
        try (ex) {
            Thread.sleep(latencyMs);
            ex.getResponseHeaders().set("Content-Type", type);
            ex.getResponseHeaders().set("ETag", "\"v1-" + body.length + "\"");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static byte[] generateFeed(int items) {
        StringBuilder s = new StringBuilder(items * 640);
        s.append("{\"channel\":\"ura demo\",\"items\":[");
        String[] words = {"screen", "response", "thread", "paint", "queue", "network", "cache", "feed", "thumbnail",
                "critical", "path", "defer", "parallel", "<b>bold</b>", "<i>note</i>"};
        for (int i = 0; i < items; i++) {
            if (i > 0) {
                s.append(',');
            }
            s.append("{\"id\":").append(i).append(",\"title\":\"Item ").append(i).append(" of the demo feed\",\"body\":\"");
            for (int w = 0; w < 80; w++) {
                s.append(words[(i * 7 + w * 3) % words.length]).append(' ');
            }
            s.append("\"}");
        }
        s.append("]}");
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] generateThumbnail() {
        BufferedImage img = new BufferedImage(48, 48, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0x3A7BD5));
        g.fillRect(0, 0, 48, 48);
        g.setColor(Color.WHITE);
        g.fillOval(8, 8, 32, 32);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
