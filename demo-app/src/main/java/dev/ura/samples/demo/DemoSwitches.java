package dev.ura.samples.demo;

import java.util.List;

/**
 * The optimisations the feed reader can apply, each the real code change of a case study:
 *
 * @param deferCacheWrite    write the cache file on a background thread after the feed is shown,
 *                           not on the EDT before it (what-if: {@code --defer '*CacheStore.write'})
 * @param parallelThumbnails start loading the channel thumbnails at the click, beside the feed,
 *                           not after it (what-if: {@code --parallel '*ThumbnailLoader.loadAll'})
 * @param cacheParsedFeed    keep the parsed feed per ETag and skip parsing an unchanged feed
 *                           (what-if: {@code --speedup '*FeedParser.parse=1000'})
 * @param clicks             when above 0, the app clicks its own Load button that many times with
 *                           {@link java.awt.Robot}, waiting for each load, then exits
 * @param items              feed items served
 * @param thumbnails         channel thumbnails loaded per click
 */
public record DemoSwitches(boolean deferCacheWrite, boolean parallelThumbnails, boolean cacheParsedFeed,
                           int clicks, int items, int thumbnails) {

    /** The defaults: the original app, no self-clicking. */
    public static DemoSwitches original() {
        return new DemoSwitches(false, false, false, 0, 3000, 8);
    }

    /**
     * Reads {@code --defer-cache-write}, {@code --parallel-thumbnails}, {@code --cache-parsed-feed},
     * {@code --clicks N}, {@code --items N}, {@code --thumbnails N}.
     *
     * @throws IllegalArgumentException an unknown switch or a bad number
     */
    public static DemoSwitches parse(List<String> args) {
        boolean defer = false;
        boolean parallel = false;
        boolean cache = false;
        int clicks = 0;
        int items = 3000;
        int thumbs = 8;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--defer-cache-write" -> defer = true;
                case "--parallel-thumbnails" -> parallel = true;
                case "--cache-parsed-feed" -> cache = true;
                case "--clicks" -> clicks = number(args, ++i, a, 0, 1000);
                case "--items" -> items = number(args, ++i, a, 1, 100_000);
                case "--thumbnails" -> thumbs = number(args, ++i, a, 0, 100);
                default -> throw new IllegalArgumentException("unknown switch " + a + " (--defer-cache-write,"
                        + " --parallel-thumbnails, --cache-parsed-feed, --clicks N, --items N, --thumbnails N)");
            }
        }
        return new DemoSwitches(defer, parallel, cache, clicks, items, thumbs);
    }

    private static int number(List<String> args, int i, String name, int min, int max) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(name + " needs a number");
        }
        try {
            int v = Integer.parseInt(args.get(i));
            if (v < min || v > max) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, not " + args.get(i));
        }
    }
}
