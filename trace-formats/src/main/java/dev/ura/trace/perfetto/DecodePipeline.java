package dev.ura.trace.perfetto;

import java.nio.ByteBuffer;
import java.util.concurrent.CancellationException;

/**
 * Decodes the chunks of a file on a few threads while the reading thread takes them back in
 * file order ({@link #take}). At most {@link #window} chunks are claimed and not yet released, so
 * memory stays bounded however far the decoding threads could run ahead. The reading thread
 * decodes chunks too while the one it needs is still being decoded, so on two cores both stay busy.
 */
final class DecodePipeline implements AutoCloseable {
    private final ByteBuffer file;
    private final int[] bounds;
    private final int chunks;
    private final int window;
    private final PacketChunk[] slots;
    /** Index of the chunk each slot holds decoded, -1 while none. */
    private final int[] doneIn;
    private final Thread[] workers;
    private final FtraceDecoder ownDecoder = new FtraceDecoder(null);
    private int nextClaim;
    private int released;
    private boolean closed;
    private Throwable failure;

    /**
     * @param bounds  chunk i is the file's bytes {@code [bounds[i], bounds[i + 1])}
     * @param chunks  number of chunks
     * @param threads decoding threads besides the reading thread
     */
    DecodePipeline(ByteBuffer file, int[] bounds, int chunks, int threads) {
        this.file = file;
        this.bounds = bounds;
        this.chunks = chunks;
        this.window = 2 * (threads + 1);
        this.slots = new PacketChunk[window];
        this.doneIn = new int[window];
        for (int i = 0; i < window; i++) {
            slots[i] = new PacketChunk();
            doneIn[i] = -1;
        }
        workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::work, "ura-perfetto-decode-" + (i + 1));
            t.setDaemon(true);
            workers[i] = t;
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    /** Chunk {@code i} decoded; chunks must be taken in order, each released before the next is taken. */
    PacketChunk take(int i) {
        while (true) {
            int k;
            synchronized (this) {
                if (doneIn[i % window] == i) {
                    return slots[i % window];
                }
                if (failure != null) {
                    throw new IllegalStateException("decoding thread failed", failure);
                }
                k = claim();
                if (k < 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // As a cancelled Progress ends a read (a worker cancelled with interrupt).
                        Thread.currentThread().interrupt();
                        throw new CancellationException("interrupted");
                    }
                    continue;
                }
            }
            decode(k, file, ownDecoder);
        }
    }

    /** Gives chunk {@code i}'s slot back for a later chunk. */
    synchronized void release(int i) {
        doneIn[i % window] = -1;
        released = i + 1;
        notifyAll();
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        for (Thread t : workers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The next chunk to decode, or -1 when none may start now. Holds the lock. */
    private int claim() {
        if (closed || nextClaim >= chunks || nextClaim >= released + window) {
            return -1;
        }
        return nextClaim++;
    }

    private void decode(int k, ByteBuffer from, FtraceDecoder decoder) {
        slots[k % window].decode(from, bounds[k], bounds[k + 1], decoder);
        synchronized (this) {
            doneIn[k % window] = k;
            notifyAll();
        }
    }

    private void work() {
        FtraceDecoder decoder = new FtraceDecoder(null);
        ByteBuffer own = file.duplicate();
        try {
            while (true) {
                int k;
                synchronized (this) {
                    while ((k = claim()) < 0) {
                        if (closed || nextClaim >= chunks) {
                            return;
                        }
                        wait();
                    }
                }
                decode(k, own, decoder);
            }
        } catch (Throwable e) {
            synchronized (this) {
                failure = e;
                notifyAll();
            }
        }
    }
}
