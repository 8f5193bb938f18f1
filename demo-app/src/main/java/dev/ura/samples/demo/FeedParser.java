package dev.ura.samples.demo;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Parses the feed JSON and summarises each item's body (tags stripped, first words, word count). */
public final class FeedParser {
    private static final JsonFactory JSON = new JsonFactory();

    private FeedParser() {
    }

    /** The feed in {@code bytes}. */
    public static Feed parse(String etag, byte[] bytes) throws IOException {
        List<Feed.Item> items = new ArrayList<>();
        try (JsonParser p = JSON.createParser(bytes)) {
            String title = null;
            String body = null;
            String field = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    field = p.currentName();
                } else if (t == JsonToken.VALUE_STRING && "title".equals(field)) {
                    title = p.getText();
                } else if (t == JsonToken.VALUE_STRING && "body".equals(field)) {
                    body = p.getText();
                } else if (t == JsonToken.END_OBJECT && title != null && body != null) {
                    items.add(ItemSummary.of(title, body));
                    title = null;
                    body = null;
                }
            }
        }
        return new Feed(etag, List.copyOf(items));
    }
}
