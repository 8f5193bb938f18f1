package dev.ura.trace.testing;

import dev.ura.trace.agentlog.AgentLogWriter;
import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.chrome.ChromeJsonWriter;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Seeds of every readable format and deterministic ways to damage them, for hostile-input tests
 * (the trace-formats fuzz test and the CLI test share them). Every mutation is a pure function of
 * its {@link Random}, so a failure reproduces from the seed alone.
 */
public final class HostileInputs {
    private static final byte[][] HUGE_LE = {
            {(byte) 0xFF, (byte) 0xFF},
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F},
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF},
            {0, 0, 0, (byte) 0x80},
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F}};
    private static final String[] HUGE_TEXT = {"65535", "2147483647", "4294967295", "9223372036854775807",
            "99999999999999999999999", "-1", "-2147483648", "-9223372036854775808", "1e308", "1e-300", "NaN",
            "0", "-0.5", "18446744073709551615"};
    private static final byte[][] BAD_UTF8 = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F}, {(byte) 0xC0, (byte) 0x80}};

    private HostileInputs() {
    }

    /** A valid file to damage: a name (its extension hints the format) and its bytes. */
    public record Seed(String name, byte[] bytes) {
    }

    /** One seed per format and variant; shared and sample files are added when present. */
    public static List<Seed> seeds() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("writer-legacy.trace", androidTrace(false));
        m.put("writer-streaming.trace", androidTrace(true));
        m.put("agent.jsonl", agentLog().getBytes(StandardCharsets.UTF_8));
        m.put("agent-logcat.txt", logcat(agentLog()).getBytes(StandardCharsets.UTF_8));
        m.put("agent-writer-logcat.txt", writerLogcat().getBytes(StandardCharsets.UTF_8));
        m.put("chrome-writer.json", chromeOf(androidTrace(false)));
        m.put("chrome-array.json", CHROME_ARRAY.getBytes(StandardCharsets.UTF_8));
        m.put("chrome-object.json", CHROME_OBJECT.getBytes(StandardCharsets.UTF_8));
        m.put("pvtrace-basic.txt", "E0x400584\nE0x4005a4\nX0x4005a4\nE0x4005a4\nX0x4005a4\nX0x400584\n"
                .getBytes(StandardCharsets.US_ASCII));
        m.put("pvtrace-extended.txt", PVTRACE_EXTENDED.getBytes(StandardCharsets.US_ASCII));
        m.put("checkpoint.csv", ("name,count,total_ms,min_ms,max_ms\nparse,3,12.5,1.0,8.25\n"
                + "\"layout, inflate\",10,40,2,9\nbind,1,0.5,0.5,0.5\n").getBytes(StandardCharsets.UTF_8));
        Path shared = SharedFiles.root().resolve("traces/android");
        for (String f : List.of("perflib-basic.trace", "perflib-basic-api10.trace", "perflib-exception.trace", "perflib-mismatched.trace",
                "perflib-header.trace", "sentry/clock_dual.trace", "sentry/method_id_max.trace",
                "sentry/thread_id_max.trace", "sentry/data_file_overflow.trace", "sentry/version_2.trace")) {
            addIfPresent(m, shared.resolve(f));
        }
        Path samples = Path.of("..", "sample-traces", "samples");
        for (String f : List.of("click-asynctask.jsonl", "click-asynctask-streaming.trace", "news-launch.trace")) {
            addIfPresent(m, samples.resolve(f));
        }
        List<Seed> seeds = new ArrayList<>();
        m.forEach((k, v) -> seeds.add(new Seed(k, v)));
        return seeds;
    }

    private static void addIfPresent(Map<String, byte[]> m, Path p) {
        if (Files.isRegularFile(p)) {
            try {
                m.put(p.getFileName().toString(), Files.readAllBytes(p));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A damaged copy of {@code in}; {@code kind} selects the damage (any int), {@code r} its place. */
    public static byte[] mutate(byte[] in, int kind, Random r) {
        int k = Math.floorMod(kind, 12);
        if (k >= 9) { // havoc: several damages on top of each other
            byte[] out = in;
            for (int i = 0, times = 2 + r.nextInt(4); i < times; i++) {
                out = mutate(out, r.nextInt(9), r);
            }
            return out;
        }
        int n = in.length;
        int at = n == 0 ? 0 : r.nextInt(n);
        switch (k) {
            case 0: // truncate
                return Arrays.copyOf(in, at);
            case 1: { // flip up to 8 bytes
                byte[] out = in.clone();
                for (int i = 0, flips = 1 + r.nextInt(8); i < flips && n > 0; i++) {
                    out[r.nextInt(n)] ^= (byte) (1 + r.nextInt(255));
                }
                return out;
            }
            case 2: { // a huge binary count or length, near a magic when there is one
                byte[] out = in.clone();
                byte[] v = HUGE_LE[r.nextInt(HUGE_LE.length)];
                int magic = indexOf(in, "SLOW".getBytes(StandardCharsets.US_ASCII), r.nextInt(Math.max(1, n)));
                int pos = magic >= 0 && r.nextBoolean() ? magic + 4 + r.nextInt(28) : at;
                if (r.nextBoolean()) {
                    v = reversed(v);
                }
                for (int i = 0; i < v.length && pos + i < n; i++) {
                    out[pos + i] = v[i];
                }
                return out;
            }
            case 3: // a huge decimal in place of a number in text
                return replaceNumber(in, HUGE_TEXT[r.nextInt(HUGE_TEXT.length)], r);
            case 4: { // duplicate a region
                int len = n == 0 ? 0 : r.nextInt(Math.min(n - at, 4096) + 1);
                int to = n == 0 ? 0 : r.nextInt(n + 1);
                return splice(in, to, 0, Arrays.copyOfRange(in, at, at + len));
            }
            case 5: { // delete a region
                int len = n == 0 ? 0 : r.nextInt(Math.min(n - at, 4096) + 1);
                return splice(in, at, len, new byte[0]);
            }
            case 6: // NULs
                return splice(in, at, 0, new byte[1 + r.nextInt(16)]);
            case 7: // invalid UTF-8
                return splice(in, at, 0, BAD_UTF8[r.nextInt(BAD_UTF8.length)]);
            default: { // a line (or record) swapped with another
                byte[] a = in.clone();
                int b = n == 0 ? 0 : r.nextInt(n);
                int len = Math.min(Math.min(n - at, n - b), 1 + r.nextInt(64));
                if (len > 0) {
                    System.arraycopy(in, b, a, at, len);
                    System.arraycopy(in, at, a, b, Math.min(len, n - b));
                }
                return a;
            }
        }
    }

    /** Named hostile files that are not mutations of a seed: empty, tiny, deep, huge lines, gzip. */
    public static Map<String, byte[]> specials() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("empty.trace", new byte[0]);
        m.put("one-byte.trace", new byte[] {'*'});
        m.put("one-nul.trace", new byte[1]);
        m.put("one-brace.json", "{".getBytes(StandardCharsets.US_ASCII));
        m.put("gzip-truncated.trace.gz", Arrays.copyOf(gzip(androidTrace(false)), 40));
        m.put("gzip-header-only.gz", new byte[] {0x1F, (byte) 0x8B});
        m.put("gzip-of-garbage.gz", gzip("hello, not a trace\n".getBytes(StandardCharsets.US_ASCII)));
        m.put("slow-magic-only.trace", "SLOW".getBytes(StandardCharsets.US_ASCII));
        m.put("key-section-cut.trace", "*version\n3\ndata-file-overflow=false\n*threads\n1\tmain\n*methods\n"
                .getBytes(StandardCharsets.US_ASCII));
        m.put("chrome-unclosed.json", "{\"traceEvents\":[{\"ph\":\"B\",\"name\":\"a\",\"tid\":1,\"ts\":1}"
                .getBytes(StandardCharsets.US_ASCII));
        m.put("jsonl-garbage.jsonl", "{\"kind\":\"META\",\"version\":1}\n{\"tid\":\n\u0000\u0001\n}}}}\n"
                .getBytes(StandardCharsets.UTF_8));
        return m;
    }

    /**
     * Unclosed enters / B events in every format that nests: {@code levels} of them in Chrome JSON and
     * Android traces, a fifth as many in agent logs (which stop nesting at a few thousand) and
     * pvtrace text, to keep the run short.
     */
    public static Map<String, byte[]> deepNesting(int levels) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        StringBuilder chrome = new StringBuilder(levels * 48).append('[');
        for (int i = 0; i < levels; i++) {
            chrome.append(i == 0 ? "" : ",").append("{\"ph\":\"B\",\"name\":\"f\",\"pid\":1,\"tid\":1,\"ts\":")
                    .append(i).append('}');
        }
        m.put("deep-chrome.json", chrome.append(']').toString().getBytes(StandardCharsets.US_ASCII));
        StringBuilder agent = new StringBuilder(levels * 10).append("{\"kind\":\"META\",\"version\":1}\n");
        for (int i = 0; i < levels / 5; i++) {
            agent.append("{\"ts\":").append(i).append(",\"tid\":1,\"kind\":\"USER_INPUT\",\"ph\":\"B\"}\n");
        }
        m.put("deep-agent.jsonl", agent.toString().getBytes(StandardCharsets.US_ASCII));
        StringBuilder pv = new StringBuilder(levels * 3);
        for (int i = 0; i < levels / 5; i++) {
            pv.append("E0x400584\n");
        }
        m.put("deep-pvtrace.txt", pv.toString().getBytes(StandardCharsets.US_ASCII));
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.WALL).thread(1, "main")
                .method(0x100, "a.B", "f", "()V", "B.java");
        for (int i = 0; i < levels; i++) {
            w.enter(1, 0x100, i, 0);
        }
        m.put("deep-android.trace", w.toBytes());
        // Deep JSON nesting inside one value (a parser recursion bomb), not call nesting.
        m.put("deep-json-value.json", ("[{\"ph\":\"X\",\"args\":" + "[".repeat(levels)).getBytes(StandardCharsets.US_ASCII));
        return m;
    }

    /** A line of {@code length} bytes without a newline, after a valid first line of each text format. */
    public static Map<String, byte[]> enormousLines(int length) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        byte[] filler = new byte[length];
        Arrays.fill(filler, (byte) 'a');
        m.put("long-line.jsonl", concat("{\"kind\":\"META\",\"version\":1}\n{\"tid\":1,\"kind\":\"USER_INPUT\",\"name\":\"",
                filler));
        m.put("long-line.json", concat("[{\"ph\":\"X\",\"name\":\"", filler));
        m.put("long-line-pvtrace.txt", concat("E0x400584\nE0x", filler));
        m.put("long-line.csv", concat("name,count,total_ms\n", filler));
        m.put("long-line-key.trace", concat("*version\n3\n", filler));
        return m;
    }

    /** gzip of {@code inflated} zero bytes after a valid JSON Lines start: small on disk, big inflated. */
    public static byte[] gzipBomb(long inflated) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bos, 1 << 16)) {
            gz.write("{\"kind\":\"META\",\"version\":1}\n".getBytes(StandardCharsets.US_ASCII));
            byte[] zeros = new byte[1 << 20];
            for (long done = 0; done < inflated; done += zeros.length) {
                gz.write(zeros, 0, (int) Math.min(zeros.length, inflated - done));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bos.toByteArray();
    }

    /** gzip of {@code data}. */
    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bos)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bos.toByteArray();
    }

    private static byte[] androidTrace(boolean streaming) {
        AndroidTraceWriter w = (streaming ? AndroidTraceWriter.streaming(3, Clock.DUAL)
                : AndroidTraceWriter.legacy(3, Clock.DUAL))
                .thread(1, "main").thread(2, "worker")
                .method(0x10, "a.App", "onCreate", "()V", "App.java")
                .method(0x20, "a.App", "load", "(I)V", "App.java")
                .method(0x30, "a.Net", "get", "()Ljava/lang/String;", "Net.java");
        w.enter(1, 0x10, 10, 5).enter(1, 0x20, 20, 9).exit(1, 0x20, 40, 20).enter(2, 0x30, 45, 1)
                .exit(1, 0x10, 90, 60).exit(2, 0x30, 100, 30).enter(1, 0x20, 110, 70).unwind(1, 0x20, 120, 75);
        return w.toBytes();
    }

    private static String writerLogcat() {
        StringBuilder sb = new StringBuilder();
        AgentLogWriter w = AgentLogWriter.logcat(sb, 4242).meta("com.example").thread(7, "main", true)
                .thread(8, "worker", false);
        w.instant(1_000_000, 7, EventKind.USER_INPUT).name("click").view("v1").write();
        w.instant(1_100_000, 7, EventKind.SEND_MSG).via("handler").obj("m1").targetTid(8).write();
        w.begin(1_200_000, 8, EventKind.DISPATCH_MSG).obj("m1").write();
        w.end(1_900_000, 8, EventKind.DISPATCH_MSG).write();
        w.instant(2_000_000, 7, EventKind.INVALIDATE).view("v1").write();
        return sb.toString();
    }

    private static byte[] chromeOf(byte[] androidTrace) {
        try {
            Trace t = TraceFiles.read("seed.trace", ByteBuffer.wrap(androidTrace), Progress.NONE);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new ChromeJsonWriter(t).write(out);
            return out.toByteArray();
        } catch (TraceFormatException e) {
            throw new IllegalStateException("the writer's own trace does not read back", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The agent-log spec's example (docs/agent-log-v1.md), kept as a test resource. */
    private static String agentLog() {
        try (InputStream in = HostileInputs.class.getResourceAsStream("/dev/ura/trace/agentlog/example.jsonl")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String logcat(String jsonl) {
        StringBuilder sb = new StringBuilder("--------- beginning of main\n");
        for (String line : jsonl.split("\n")) {
            sb.append(String.format("11-29 13:07:20.123  4242  4242 I URA     : %s%n", line));
        }
        return sb.toString();
    }

    private static final String CHROME_ARRAY = """
            [
            {"ph":"M","name":"thread_name","pid":1,"tid":7,"args":{"name":"main"}},
            {"ph":"X","name":"child","pid":1,"tid":7,"ts":2.5,"dur":1},
            {"ph":"X","name":"parent","pid":1,"tid":7,"ts":1,"dur":10.001},
            {"ph":"B","name":"worker","pid":1,"tid":8,"ts":3},
            {"ph":"B","name":"inner","pid":1,"tid":8,"ts":4},
            {"ph":"E","pid":1,"tid":8,"ts":5},
            {"ph":"E","pid":1,"tid":8,"ts":6},
            {"ph":"i","name":"mark","pid":1,"tid":7,"ts":7,"s":"t"}
            ]
            """;
    private static final String CHROME_OBJECT = """
            {"displayTimeUnit":"ms","traceEvents":[
            {"ph":"X","name":"onClick","pid":1,"tid":1,"ts":0,"dur":100},
            {"ph":"s","name":"post","cat":"handler","id":42,"pid":1,"tid":1,"ts":50},
            {"ph":"X","name":"doWork","pid":1,"tid":2,"ts":200,"dur":300},
            {"ph":"f","name":"post","cat":"handler","id":42,"pid":1,"tid":2,"ts":200,"bp":"e"},
            {"ph":"b","name":"async","cat":"c","id":"0x1","pid":1,"tid":1,"ts":10},
            {"ph":"e","name":"async","cat":"c","id":"0x1","pid":1,"tid":1,"ts":90}
            ]}
            """;
    private static final String PVTRACE_EXTENDED = """
            # module 0x55d0c0000000 /nonexistent/prog
            E 0xffffffff81000010 0x55d0c0001234 100 1000
            E 0x55d0c0001100 0x55d0c0001010 101 1500
            E 0x55d0c0001200 0xffffffff81000020 100 2000
            X 0x55d0c0001200 0xffffffff81000020 100 2500
            X 0x55d0c0001100 0x55d0c0001010 101 4000
            X 0xffffffff81000010 0x55d0c0001234 100 9000
            """;

    private static byte[] replaceNumber(byte[] in, String value, Random r) {
        int n = in.length;
        for (int tries = 0; tries < 16 && n > 0; tries++) {
            int at = r.nextInt(n);
            if (in[at] >= '0' && in[at] <= '9') {
                int s = at;
                while (s > 0 && in[s - 1] >= '0' && in[s - 1] <= '9') {
                    s--;
                }
                int e = at;
                while (e < n && in[e] >= '0' && in[e] <= '9') {
                    e++;
                }
                return splice(in, s, e - s, value.getBytes(StandardCharsets.US_ASCII));
            }
        }
        return in.clone();
    }

    private static int indexOf(byte[] in, byte[] what, int from) {
        for (int pass = 0; pass < 2; pass++) {
            for (int i = pass == 0 ? from : 0; i + what.length <= in.length; i++) {
                if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static byte[] reversed(byte[] v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[v.length - 1 - i];
        }
        return out;
    }

    private static byte[] splice(byte[] in, int at, int remove, byte[] insert) {
        byte[] out = new byte[in.length - remove + insert.length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(in, at + remove, out, at + insert.length, in.length - at - remove);
        return out;
    }

    private static byte[] concat(String head, byte[] tail) {
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(h, h.length + tail.length);
        System.arraycopy(tail, 0, out, h.length, tail.length);
        return out;
    }
}
