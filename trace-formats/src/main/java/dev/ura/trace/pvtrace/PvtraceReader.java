package dev.ura.trace.pvtrace;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads traces written by gcc/clang {@code -finstrument-functions} hooks: pvtrace's
 * {@code instrument.c} ({@code E0x…} / {@code X0x…} lines) and the extended form
 * {@code E 0x<fn> 0x<site> <tid> <t_ns>} with {@code # module <base> <path>} lines (see
 * {@link PvtraceLine}). Functions are named by {@link PvtraceSymbols} (one {@code addr2line}
 * process per binary).
 *
 * <p>Which binary: the {@code # module} lines, else {@link Options#binary()}; the no-argument
 * constructor (used by {@code ServiceLoader}) takes the options from system properties
 * {@code ura.pvtrace.binary} (path), {@code ura.pvtrace.base} (hex load base, for a PIE binary
 * without a module line) and {@code ura.addr2line} (the addr2line to run, default
 * {@code addr2line}).
 *
 * <p>Without timestamps, time is event order: each event is one nanosecond after the previous one
 * (all threads together), and the trace carries the warning {@value #NO_TIMESTAMPS}. Lines of the
 * basic form have no thread id; they all belong to one thread named {@code main}. In the extended
 * form the first thread seen is taken as the main thread (it runs {@code main()}).
 */
public final class PvtraceReader implements TraceReader {
    /** The warning a trace without timestamps carries (the UI shows it). */
    public static final String NO_TIMESTAMPS = "no timestamps: times are event order";
    private static final int MAX_LINE_WARNINGS = 100;

    /**
     * Symbolization settings.
     *
     * @param binary    the binary when the trace has no {@code # module} line (overrides the first
     *                  module's path when it has), or {@code null}
     * @param base      the load base of {@code binary} when no module line gives one (0: not relocated)
     * @param addr2line the addr2line executable
     */
    public record Options(Path binary, long base, String addr2line) {
        /** Options from the system properties described on {@link PvtraceReader}. */
        public static Options fromSystemProperties() {
            String bin = System.getProperty("ura.pvtrace.binary");
            String base = System.getProperty("ura.pvtrace.base", "0").trim();
            if (base.startsWith("0x") || base.startsWith("0X")) {
                base = base.substring(2);
            }
            long b;
            try {
                b = Long.parseUnsignedLong(base, 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("ura.pvtrace.base is not a hex address: " + base, e);
            }
            return new Options(bin == null || bin.isBlank() ? null : Path.of(bin), b,
                    System.getProperty("ura.addr2line", "addr2line"));
        }
    }

    private final Options options;

    /** A reader configured from system properties. */
    public PvtraceReader() {
        this(null);
    }

    /** A reader with explicit options ({@code null}: read the system properties when reading). */
    public PvtraceReader(Options options) {
        this.options = options;
    }

    @Override
    public String formatName() {
        return "pvtrace";
    }

    @Override
    public boolean canRead(byte[] head) {
        ByteBuffer buf = ByteBuffer.wrap(head);
        PvtraceLine line = new PvtraceLine();
        int from = 0;
        boolean sawEvent = false;
        while (from < head.length) {
            int to = from;
            while (to < head.length && head[to] != '\n') {
                to++;
            }
            if (to == head.length && head.length == 4096) {
                break; // a line cut by the end of the head proves nothing
            }
            line.decode(buf, from, to);
            switch (line.type) {
                case ENTER, EXIT -> sawEvent = true;
                case MODULE -> {
                    return true;
                }
                case BAD -> {
                    return false;
                }
                default -> { }
            }
            if (sawEvent) {
                return true;
            }
            from = to + 1;
        }
        return false;
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        Options opts = options != null ? options : readProperties(source);
        PvtraceParse parse = new PvtraceParse(source);
        parse.run(data, progress);
        List<String> warnings = new ArrayList<>(parse.warnings());
        List<Module> modules = modules(source, parse.modules(), opts);
        PvtraceSymbols symbols = new PvtraceSymbols(opts.addr2line());
        MethodTable methods = symbols.methods(parse.addresses(), parse.functionCount(), modules, warnings);
        if (!parse.timed()) {
            warnings.add(0, NO_TIMESTAMPS);
        }
        List<ThreadTrack> threads = new ArrayList<>();
        List<ThreadCalls> seen = parse.threads();
        for (int i = 0; i < seen.size(); i++) {
            ThreadCalls t = seen.get(i);
            String name = i == 0 ? "main" : ThreadTrack.unnamed(t.tid);
            threads.add(new ThreadTrack(t.tid, name, i == 0, t.records, t.calls.build()));
        }
        Map<String, String> props = new LinkedHashMap<>();
        props.put("timestamps", parse.timed() ? "ns" : "event-order");
        for (int i = 0; i < modules.size(); i++) {
            props.put("module." + i, "0x" + Long.toHexString(modules.get(i).base()) + " " + modules.get(i).path());
        }
        TraceMetadata meta = new TraceMetadata("pvtrace", parse.extended() ? "extended" : "basic", 0,
                parse.timed() ? Clock.WALL : null, null, -1, -1, props);
        return new Trace(source, meta, methods, threads, EventTable.empty(), List.of(), parse.records(), warnings);
    }

    private static Options readProperties(String source) throws TraceFormatException {
        try {
            return Options.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            throw TraceFormatException.ofFile(source, e.getMessage(), e);
        }
    }

    /** The file's modules, with relative paths resolved and the option's binary applied. */
    private static List<Module> modules(String source, List<Module> fromFile, Options opts) {
        List<Module> list = new ArrayList<>();
        Path folder = Path.of(source).toAbsolutePath().getParent();
        for (Module m : fromFile) {
            list.add(new Module(m.base(), resolve(folder, m.path())));
        }
        if (opts.binary() != null) {
            if (list.isEmpty()) {
                list.add(new Module(opts.base(), opts.binary()));
            } else {
                list.set(0, new Module(list.get(0).base(), opts.binary()));
            }
        }
        Module[] sorted = list.toArray(new Module[0]);
        Arrays.sort(sorted, (a, b) -> Long.compareUnsigned(a.base(), b.base()));
        return List.of(sorted);
    }

    private static Path resolve(Path folder, Path p) {
        if (p.isAbsolute() || folder == null) {
            return p;
        }
        Path beside = folder.resolve(p);
        return java.nio.file.Files.exists(beside) ? beside : p;
    }

    static int maxLineWarnings() {
        return MAX_LINE_WARNINGS;
    }
}
