package dev.ura.trace.ftrace;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * Reads and splits a text on a second thread while the calling thread applies its lines: the
 * reading thread runs a {@link Source} (chunked file reads, the line split, the HTML parts and the
 * legacy string's escapes: about a third of a systrace HTML's read), whose lines are copied into
 * a few reused blocks and handed over in order; the calling thread gives each line to its sink
 * exactly as the source gave it (bytes, line number, which sink), so the model is the one a
 * single thread builds: every builder call stays on the calling thread, in file order.
 *
 * <p>Memory is bounded: {@value #BLOCKS} blocks of {@value #BLOCK_BYTES} bytes (a longer line gets
 * a block of its size, given back at its next reuse). A failure of the source (the file changed,
 * a cancelled progress) is thrown on the calling thread after the lines read before it; a failure
 * on the calling thread stops the source at its next block.
 */
final class LineRelay {
    /** What runs on the reading thread: reads the text and gives its lines to the two sinks. */
    interface Source {
        void read(LineStream.Sink ftrace, LineStream.Sink dump);
    }

    private static final int BLOCKS = 4;
    private static final int BLOCK_BYTES = 1 << 18;
    private static final int BLOCK_LINES = 1 << 12;

    /** Lines of one hand-over: {@code bytes[ends[i-1], ends[i])} is line i. */
    private static final class Block {
        byte[] bytes = new byte[BLOCK_BYTES];
        final int[] ends = new int[BLOCK_LINES];
        final long[] lineNos = new long[BLOCK_LINES];
        final boolean[] dump = new boolean[BLOCK_LINES];
        int used;
        int lines;
        /** The source's last block; {@code failure} is then what it threw, if anything. */
        boolean last;
        Throwable failure;

        boolean fits(int n) {
            return lines < BLOCK_LINES && used + n <= bytes.length;
        }

        void add(byte[] b, int from, int to, long lineNo, boolean toDump) {
            int n = to - from;
            if (n > bytes.length - used) { // only an empty block gets here: a line longer than a block
                bytes = new byte[n];
            }
            System.arraycopy(b, from, bytes, used, n);
            used += n;
            ends[lines] = used;
            lineNos[lines] = lineNo;
            dump[lines++] = toDump;
        }

        void clear() {
            if (bytes.length > BLOCK_BYTES) {
                bytes = new byte[BLOCK_BYTES];
            }
            used = 0;
            lines = 0;
        }
    }

    /** Thrown inside the source when the calling thread stopped taking lines. */
    private static final class Abandoned extends RuntimeException {
        Abandoned() {
            super(null, null, false, false);
        }
    }

    private final BlockingQueue<Block> free = new ArrayBlockingQueue<>(BLOCKS);
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BLOCKS);
    private volatile boolean abandoned;
    private Block filling;

    private LineRelay() {
        for (int i = 0; i < BLOCKS; i++) {
            free.add(new Block());
        }
    }

    /**
     * Runs {@code source} on a reading thread and gives its lines, in order, to {@code ftrace} and
     * {@code dump} on this thread; returns when the source has ended, throwing what it threw.
     */
    static void run(Source source, LineStream.Sink ftrace, LineStream.Sink dump) {
        new LineRelay().relay(source, ftrace, dump);
    }

    private void relay(Source source, LineStream.Sink ftrace, LineStream.Sink dump) {
        Thread reader = new Thread(() -> produce(source), "ura text lines");
        reader.setDaemon(true);
        reader.start();
        boolean done = false;
        try {
            while (true) {
                Block b = full.take();
                int start = 0;
                for (int i = 0; i < b.lines; i++) {
                    (b.dump[i] ? dump : ftrace).line(b.bytes, start, b.ends[i], b.lineNos[i]);
                    start = b.ends[i];
                }
                if (b.last) {
                    done = true;
                    rethrow(b.failure);
                    return;
                }
                b.clear();
                free.add(b);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while reading");
        } finally {
            if (!done) {
                abandoned = true; // the source stops at its next block
            }
        }
    }

    private void produce(Source source) {
        Throwable failure = null;
        try {
            filling = take();
            source.read((b, from, to, lineNo) -> add(b, from, to, lineNo, false),
                    (b, from, to, lineNo) -> add(b, from, to, lineNo, true));
        } catch (Abandoned e) {
            return; // nobody reads the rest
        } catch (Throwable t) {
            failure = t;
        }
        if (filling == null) {
            return; // abandoned while waiting for the first block
        }
        filling.last = true;
        filling.failure = failure;
        full.add(filling); // never full: there are as many blocks as places in it
    }

    private void add(byte[] b, int from, int to, long lineNo, boolean toDump) {
        if (!filling.fits(to - from) && filling.lines > 0) {
            full.add(filling);
            filling = take();
        }
        filling.add(b, from, to, lineNo, toDump);
    }

    /** A free block; {@link Abandoned} once the calling thread has stopped. */
    private Block take() {
        try {
            while (true) {
                Block b = free.poll(50, TimeUnit.MILLISECONDS);
                if (b != null) {
                    return b;
                }
                if (abandoned) {
                    throw new Abandoned();
                }
            }
        } catch (InterruptedException e) {
            throw new Abandoned();
        }
    }

    private static void rethrow(Throwable t) {
        if (t == null) {
            return;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t); // the sources throw nothing checked
    }
}
