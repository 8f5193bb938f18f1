package dev.ura.app.analysis.regression;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How trace file names map to runs of a series.
 *
 * <p>Files are ordered by run, then by name, with digit runs compared as numbers ({@code build-9}
 * before {@code build-10}). A name containing {@code build} followed by a number ({@code build-12},
 * {@code build_12}, {@code build12}; any case, after the start or a non-alphanumeric character) belongs
 * to build {@code build-12}: {@code login@build-12.trace}, {@code build-12-run-1.trace} and
 * {@code build-12-run-2.trace} are three runs of one build, which is summarised by its fastest run
 * (the minimum is the least noisy estimate of what the build can do). Any other file is a run on its
 * own, named after the file without its extensions.
 */
public final class RunNames {
    private static final Pattern BUILD = Pattern.compile("(?i)(?:^|[^a-z0-9])build[-_]?(\\d+)");
    private static final Pattern CHUNK = Pattern.compile("\\d+|\\D+");

    private RunNames() {
    }

    /** The run (build) a file belongs to: {@code build-N}, or the file name without extensions. */
    public static String runOf(String fileName) {
        Matcher m = BUILD.matcher(fileName);
        if (m.find()) {
            return "build-" + new java.math.BigInteger(m.group(1));
        }
        String base = fileName.toLowerCase(Locale.ROOT).endsWith(".gz")
                ? fileName.substring(0, fileName.length() - 3) : fileName;
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    /** File-name order with numbers compared by value ("natural" order). */
    public static Comparator<String> naturalOrder() {
        return RunNames::compareNatural;
    }

    private static int compareNatural(String a, String b) {
        Matcher ma = CHUNK.matcher(a);
        Matcher mb = CHUNK.matcher(b);
        while (ma.find() && mb.find()) {
            String ca = ma.group();
            String cb = mb.group();
            int c;
            if (Character.isDigit(ca.charAt(0)) && Character.isDigit(cb.charAt(0))) {
                c = new java.math.BigInteger(ca).compareTo(new java.math.BigInteger(cb));
            } else {
                c = ca.compareTo(cb);
            }
            if (c != 0) {
                return c;
            }
        }
        return a.compareTo(b);
    }
}
