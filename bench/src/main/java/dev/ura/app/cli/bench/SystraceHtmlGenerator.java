package dev.ura.app.cli.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A large legacy systrace HTML made from a real one ({@code var linuxPerfData = "…\n\} lines, as
 * catapult's {@code tracing/test_data/android_systrace.html}): the page before and after the data
 * is kept, the event lines are written again and again, each copy shifted by the capture's span
 * plus 1 ms, until the file reaches the size asked. A final line the capture ends with that is
 * not an event of its own (catapult's {@code dummy-0000 … trace_event_clock_sync}) is written once,
 * at the end, as in the original. Only the JDK: {@code java SystraceHtmlGenerator.java IN OUT MB}
 * runs it from the source tree, e.g. to make the same file for an older jar.
 */
public final class SystraceHtmlGenerator {
    private SystraceHtmlGenerator() {
    }

    public static void main(String[] args) throws IOException {
        long n = write(Path.of(args[0]), Path.of(args[1]), Long.parseLong(args[2]) << 20);
        System.out.println(n + " event lines");
    }

    /**
     * Writes {@code out} of about {@code bytes} bytes from the legacy systrace HTML {@code in}.
     *
     * @return the event lines written
     * @throws IOException when {@code in} has no {@code var linuxPerfData = "} part
     */
    public static long write(Path in, Path out, long bytes) throws IOException {
        List<String> lines = Files.readAllLines(in, StandardCharsets.ISO_8859_1);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("var linuxPerfData = \"")) {
                start = i + 1;
                break;
            }
        }
        if (start < 0) {
            throw new IOException(in + ": not a legacy systrace HTML (no 'var linuxPerfData = \"')");
        }
        List<String> header = new ArrayList<>();
        List<String> events = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        String closing = null;
        int end = start;
        for (; end < lines.size(); end++) {
            String l = lines.get(end);
            if (l.startsWith("#")) {
                header.add(l);
                continue;
            }
            if (l.endsWith("\";")) {
                closing = l; // the last data line closes the string
                end++;
                break;
            }
            long t = timestamp(l);
            if (t < 0) {
                header.add(l);
            } else {
                events.add(l);
                times.add(t);
            }
        }
        long first = times.stream().mapToLong(Long::longValue).min().orElse(0);
        long last = times.stream().mapToLong(Long::longValue).max().orElse(0);
        long shift = last - first + 1_000;
        long written = 0;
        long size = 0;
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            for (int i = 0; i < start; i++) {
                size += put(o, lines.get(i));
            }
            for (String h : header) {
                size += put(o, h);
            }
            for (int copy = 0; copy == 0 || size < bytes; copy++) {
                for (int i = 0; i < events.size(); i++) {
                    size += put(o, shifted(events.get(i), times.get(i) + copy * shift));
                    written++;
                }
            }
            if (closing != null) {
                size += put(o, closing);
            }
            for (int i = end; i < lines.size(); i++) {
                put(o, lines.get(i));
            }
        }
        return written;
    }

    private static int put(OutputStream o, String line) throws IOException {
        byte[] b = (line + "\n").getBytes(StandardCharsets.ISO_8859_1);
        o.write(b);
        return b.length;
    }

    /** The event time in µs of an ftrace line ({@code … [cpu] [flags] sec.usec: event:}), or -1. */
    static long timestamp(String l) {
        int colon = tsEnd(l);
        if (colon < 0) {
            return -1;
        }
        int s = l.lastIndexOf(' ', colon) + 1;
        int dot = l.indexOf('.', s);
        if (dot < 0 || dot > colon || colon - dot != 7) {
            return -1;
        }
        try {
            return Long.parseLong(l.substring(s, dot)) * 1_000_000 + Long.parseLong(l.substring(dot + 1, colon));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int tsEnd(String l) {
        int cpu = l.indexOf("] ");
        return cpu < 0 ? -1 : l.indexOf(": ", cpu);
    }

    private static String shifted(String l, long us) {
        int colon = tsEnd(l);
        int s = l.lastIndexOf(' ', colon) + 1;
        return l.substring(0, s) + String.format("%d.%06d", us / 1_000_000, us % 1_000_000) + l.substring(colon);
    }
}
