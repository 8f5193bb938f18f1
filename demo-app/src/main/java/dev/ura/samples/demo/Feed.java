package dev.ura.samples.demo;

import java.util.List;

/**
 * A parsed feed.
 *
 * @param etag  the server's version tag of the bytes it was parsed from
 * @param items the items, in feed order
 */
public record Feed(String etag, List<Item> items) {
    /**
     * One item.
     *
     * @param title       title
     * @param summary     the first words of the body, tags removed
     * @param words       words in the body
     */
    public record Item(String title, String summary, int words) {
    }
}
