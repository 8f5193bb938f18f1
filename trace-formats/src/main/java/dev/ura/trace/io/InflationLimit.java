package dev.ura.trace.io;

/**
 * How far ura inflates compressed input before refusing it as a decompression bomb: whole-file
 * gzip, the zlib body of {@code atrace -z} and Perfetto {@code compressed_packets}. Every inflater
 * checks both rules after each piece it inflates, so a bomb is refused early, holding at most a
 * few tens of MiB, whatever size it claims to inflate to:
 * <ul>
 *   <li><b>ratio</b>: past {@link #RATIO_FROM} inflated bytes, no more than {@link #MAX_RATIO}
 *   inflated bytes per compressed byte consumed. Real traces compress 2:1 to 20:1 (method traces
 *   3–8, agent logs about 10, systrace text about 20); deflate reaches about 1,000:1 only on long
 *   runs of one byte, which is what bombs are made of;</li>
 *   <li><b>ceiling</b>: at most {@link #CEILING} inflated bytes in all, an eighth of the heap and
 *   never more than {@link #FIXED_CAP}, so the content and the model built from it both fit.</li>
 * </ul>
 */
public final class InflationLimit {
    /** The ceiling never exceeds this, however large the heap. */
    public static final long FIXED_CAP = 1L << 30;
    /** The ratio is judged only past this many inflated bytes (small files may be all padding). */
    public static final long RATIO_FROM = 16L << 20;
    /** Inflated bytes per compressed byte beyond which content is a bomb, not a trace. */
    public static final int MAX_RATIO = 200;
    /** The ceiling of this JVM, fixed at start-up: {@link #ceilingFor(long)} of the maximum heap. */
    public static final long CEILING = ceilingFor(Runtime.getRuntime().maxMemory());

    private InflationLimit() {
    }

    /** An eighth of {@code maxHeap}, at most {@link #FIXED_CAP}, at least {@link #RATIO_FROM}. */
    public static long ceilingFor(long maxHeap) {
        return Math.max(RATIO_FROM, Math.min(FIXED_CAP, maxHeap / 8));
    }

    /**
     * Why inflating must stop, or {@code null} while both rules hold.
     *
     * @param inflated   bytes inflated so far
     * @param compressed compressed bytes consumed to inflate them
     * @param ceiling    the ceiling in force (usually {@link #CEILING})
     */
    public static String exceeded(long inflated, long compressed, long ceiling) {
        if (inflated > ceiling) {
            return "inflates to more than " + ceiling + " bytes (limit: an eighth of the heap, at most 1 GiB)";
        }
        if (inflated > RATIO_FROM && inflated > MAX_RATIO * Math.max(1, compressed)) {
            return "inflates more than " + MAX_RATIO + "-fold (" + inflated + " bytes from the first " + compressed
                    + " compressed bytes), which no trace does: a decompression bomb";
        }
        return null;
    }
}
