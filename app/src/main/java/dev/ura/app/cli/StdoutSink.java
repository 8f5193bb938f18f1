package dev.ura.app.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * Standard output that remembers why a write failed. System.out and PrintWriter swallow write
 * errors; the command line needs to tell a full disk (an error: exit 1 with a message) from a
 * reader that went away on purpose ({@code ura profile … | head}: exit 1 quietly, as a SIGPIPE
 * would end a C tool).
 */
final class StdoutSink extends OutputStream {
    private final OutputStream out;
    private volatile String failure;

    StdoutSink(OutputStream out) {
        this.out = out;
    }

    /**
     * A PrintWriter on the process's standard output, in the encoding System.out uses, that writes
     * control characters from trace content as visible escapes ({@link TerminalSafeWriter}).
     */
    static PrintWriter writer(StdoutSink sink) {
        String enc = System.getProperty("sun.stdout.encoding");
        Charset cs = enc != null && Charset.isSupported(enc) ? Charset.forName(enc) : Charset.defaultCharset();
        return new PrintWriter(new TerminalSafeWriter(new OutputStreamWriter(sink, cs)), true);
    }

    static StdoutSink ofProcess() {
        return new StdoutSink(new FileOutputStream(FileDescriptor.out));
    }

    /** The first write failure's message, or {@code null}. */
    String failure() {
        return failure;
    }

    boolean brokenPipe() {
        return failure != null && failure.toLowerCase(java.util.Locale.ROOT).contains("broken pipe");
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[]{(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    private void remember(IOException e) {
        if (failure == null) {
            failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }
}
