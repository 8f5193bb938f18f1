package dev.ura.trace.pvtrace;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Turns addresses into function names, files and lines with one {@code addr2line -f -C -e BINARY}
 * process per binary: every address goes to its stdin in one batch and two lines per address come
 * back (function, {@code file:line}). The process is started from an argument list, never a shell,
 * so no path or name is ever interpreted.
 */
final class Addr2LineSymbolizer {
    /** Result for one address: {@code name} is {@code null} when addr2line did not know it. */
    record Symbol(String name, String file, int line) {
    }

    private final String executable;

    /** @param executable the addr2line to run (a name looked up on PATH, or a path) */
    Addr2LineSymbolizer(String executable) {
        this.executable = executable;
    }

    /**
     * Symbolizes {@code addresses} (already relative to the binary's link base).
     *
     * @throws IOException when addr2line cannot be started or fails
     */
    Symbol[] symbolize(Path binary, long[] addresses) throws IOException {
        Process p = new ProcessBuilder(executable, "-f", "-C", "-e", binary.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        AtomicReference<IOException> feedFailure = new AtomicReference<>();
        Thread feeder = new Thread(() -> feed(p, addresses, feedFailure), "addr2line-feeder");
        feeder.setDaemon(true);
        feeder.start();
        Symbol[] out = new Symbol[addresses.length];
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (int i = 0; i < addresses.length; i++) {
                String fn = r.readLine();
                String loc = r.readLine();
                if (fn == null || loc == null) {
                    IOException why = feedFailure.get();
                    throw new IOException("addr2line stopped after " + i + " of " + addresses.length + " addresses"
                            + (why == null ? "" : " (" + why.getMessage() + ")"), why);
                }
                out[i] = symbol(fn.trim(), loc.trim());
            }
        } finally {
            finish(p, feeder);
        }
        return out;
    }

    private static void feed(Process p, long[] addresses, AtomicReference<IOException> failure) {
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII))) {
            for (long a : addresses) {
                w.write("0x");
                w.write(Long.toHexString(a));
                w.write('\n');
            }
        } catch (IOException e) {
            // addr2line closed its input early; the reading side reports it with this cause.
            failure.set(e);
        }
    }

    private static void finish(Process p, Thread feeder) throws IOException {
        try {
            feeder.join(TimeUnit.SECONDS.toMillis(30));
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("addr2line did not exit");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for addr2line", e);
        }
    }

    private static Symbol symbol(String fn, String loc) {
        String name = fn.isEmpty() || fn.equals("??") ? null : fn;
        String file = null;
        int line = -1;
        int colon = loc.lastIndexOf(':');
        if (colon > 0 && !loc.startsWith("??")) {
            file = loc.substring(0, colon);
            String digits = loc.substring(colon + 1);
            int space = digits.indexOf(' ');
            if (space >= 0) {
                digits = digits.substring(0, space);
            }
            try {
                line = Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                line = -1; // "?" when the compiler kept no line table
            }
        }
        return new Symbol(name, file, line);
    }
}
