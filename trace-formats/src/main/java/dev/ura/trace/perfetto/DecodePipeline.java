package dev.ura.trace.perfetto;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CancellationException;

/**
 * Decodes the chunks of a file on a few threads while the reading thread takes them back in
 * file order ({@link #take}). At most {@link #window} chunks are claimed and not yet released, so
 * memory stays bounded however far the decoding threads could run ahead. The reading thread
 * decodes chunks too while the one it needs is still being decoded, so on two cores both stay busy.
 * The first decoding thread first scans the file's top level for the chunks' bounds
 * ({@link TopLevelPackets#nextChunk}), publishing each as found: decoding starts with the first
 * chunk, not after the whole scan.
 */
final class DecodePipeline implements AutoCloseable {
    private final ByteBuffer file;
    private final TopLevelPackets top;
    private final int chunkBytes;
    private final int maxPackets;
    /** Chunk i is the file's bytes {@code [bounds[i], bounds[i + 1])}, for i below {@link #known}. */
    private int[] bounds = new int[16];
    private int known;
    /** Whether the scan has ended: {@link #known} is the number of chunks. */
    private boolean scanned;
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
     * @param top        scans the file for chunks (its {@link TopLevelPackets#bad} says, once this
     *                   pipeline is closed, whether the file stops being readable after them)
     * @param chunkBytes a chunk's bytes, at least (the last one fewer)...
     * @param maxPackets ...or its number of packets
     * @param threads    decoding threads besides the reading thread, at least 1
     */
    DecodePipeline(ByteBuffer file, TopLevelPackets top, int chunkBytes, int maxPackets, int threads) {
        this.file = file;
        this.top = top;
        this.chunkBytes = chunkBytes;
        this.maxPackets = maxPackets;
        this.window = 2 * (threads + 1);
        this.slots = new PacketChunk[window];
        this.doneIn = new int[window];
        for (int i = 0; i < window; i++) {
            slots[i] = new PacketChunk();
            doneIn[i] = -1;
        }
        workers = new Thread[Math.max(1, threads)];
        for (int i = 0; i < workers.length; i++) {
            boolean scans = i == 0;
            Thread t = new Thread(() -> work(scans), "ura-perfetto-decode-" + (i + 1));
            t.setDaemon(true);
            workers[i] = t;
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    /**
     * Chunk {@code i} decoded, or null when the file has no chunk {@code i}; chunks must be taken in
     * order, each released before the next is taken.
     */
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
                if (scanned && i >= known) {
                    return null;
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

    /** The end of chunk {@code i} in the file (a chunk taken). */
    synchronized int end(int i) {
        return bounds[i + 1];
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
        if (closed || nextClaim >= known || nextClaim >= released + window) {
            return -1;
        }
        return nextClaim++;
    }

    private void decode(int k, ByteBuffer from, FtraceDecoder decoder) {
        int start;
        int end;
        synchronized (this) {
            start = bounds[k];
            end = bounds[k + 1];
        }
        slots[k % window].decode(from, start, end, decoder);
        synchronized (this) {
            doneIn[k % window] = k;
            notifyAll();
        }
    }

    /** Scans the file for the chunks' bounds, publishing each; stops early when the pipeline closes. */
    private void scan(ByteBuffer own) {
        try {
            int end;
            while ((end = top.nextChunk(own, chunkBytes, maxPackets)) >= 0) {
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    if (known + 2 > bounds.length) {
                        bounds = Arrays.copyOf(bounds, bounds.length * 2);
                    }
                    bounds[++known] = end;
                    notifyAll();
                }
            }
        } finally {
            synchronized (this) {
                scanned = true;
                notifyAll();
            }
        }
    }

    private void work(boolean scans) {
        FtraceDecoder decoder = new FtraceDecoder(null);
        ByteBuffer own = file.duplicate();
        try {
            if (scans) {
                scan(own);
            }
            while (true) {
                int k;
                synchronized (this) {
                    while ((k = claim()) < 0) {
                        if (closed || (scanned && nextClaim >= known)) {
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
