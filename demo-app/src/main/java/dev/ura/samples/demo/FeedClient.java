package dev.ura.samples.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Fetches bytes over HTTP; one client for the app. */
public final class FeedClient {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;

    /**
     * A fetched body.
     *
     * @param etag  the ETag header, or "" when absent
     * @param bytes the body
     */
    public record Fetched(String etag, byte[] bytes) {
    }

    public FeedClient(URI base) {
        this.base = base;
    }

    /** GETs {@code path} (relative to the server's base). */
    public Fetched get(String path) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10)).GET().build();
        HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + path + ": HTTP " + r.statusCode());
        }
        return new Fetched(r.headers().firstValue("ETag").orElse(""), r.body());
    }
}
