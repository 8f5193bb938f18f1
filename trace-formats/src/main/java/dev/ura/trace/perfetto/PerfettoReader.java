package dev.ura.trace.perfetto;

import dev.ura.trace.io.InflationLimit;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.io.ZstdStreams;
import dev.ura.trace.model.Trace;
import dev.ura.trace.system.ChunkMerge;
import dev.ura.trace.system.SystemTraceBuilder;
import dev.ura.trace.util.LoadThreads;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads a Perfetto protobuf trace ({@code Trace} = repeated {@code TracePacket}), packet by packet:
 * each packet's bytes are copied into one reusable buffer and decoded there, so memory per packet
 * is bounded by the largest packet (itself bounded by the file). {@code compressed_packets} are
 * inflated and decoded in place. A truncated or corrupt tail ends the read with a warning; only a
 * file with no readable packet at all is an error. (Whole-file gzip and zstd are inflated by
 * {@link dev.ura.trace.io.TraceFiles} before sniffing; {@code zstd_compressed_packets} by {@link ZstdStreams}.)
 */
public final class PerfettoReader implements TraceReader {
    /** Nesting of compressed containers inside compressed containers beyond this is corrupt. */
    private static final int MAX_CONTAINER_DEPTH = 4;
    /** An inflated {@code compressed_packets} larger than this is refused (the service writes < 512 KiB). */
    static final int MAX_INFLATED_CONTAINER = 64 << 20;
    /** A chunk decoded on another thread: about this many bytes of whole packets... */
    static final int CHUNK_BYTES = 1 << 20;
    /** ...or this many packets, so a file of tiny packets cannot make a chunk's tables large. */
    static final int MAX_CHUNK_PACKETS = 8192;

    private final int threads;
    private final int chunkBytes;

    /** A reader using {@link LoadThreads#count()} threads, asked when a read starts. */
    public PerfettoReader() {
        this(0, CHUNK_BYTES);
    }

    /**
     * A reader using up to {@code threads} threads (1: decode everything on the calling thread; 0:
     * {@link LoadThreads#count()} at each read) on chunks of about {@code chunkBytes}; a file
     * smaller than two chunks is read on the calling thread.
     */
    PerfettoReader(int threads, int chunkBytes) {
        this.threads = threads;
        this.chunkBytes = Math.max(1, chunkBytes);
    }

    @Override
    public String formatName() {
        return "perfetto";
    }

    @Override
    public boolean canRead(byte[] head) {
        if (head.length < 2 || head[0] != 0x0A || plainText(head)) {
            return false;
        }
        // Field 1, length-delimited: the length must be a well-formed varint that fits the file
        // (when the head is the whole file), and the packet's fields, as far as the head shows
        // them, must be well-formed with TracePacket field numbers. Text starting with a blank
        // line also starts with 0x0A; it fails these checks at once.
        Pb pb = new Pb(head, 1, head.length);
        try {
            long len = pb.varint();
            if (len < 0 || (head.length < 4096 && len > head.length - pb.pos)) {
                return false;
            }
            int end = (int) Math.min(head.length, pb.pos + len);
            pb.limit = end;
            int fields = 0;
            while (pb.more()) {
                int f = pb.field();
                if (f > 200 || pb.wire == 3 || pb.wire == 4 || pb.wire > 5) {
                    return false;
                }
                fields++;
                if (pb.wire == 2) {
                    long n = pb.varint();
                    if (n > end - pb.pos) {
                        return end == head.length && n <= (1L << 30); // runs past the head only
                    }
                    pb.pos += (int) n;
                } else {
                    pb.skip();
                }
            }
            return fields > 0 || len == 0;
        } catch (Pb.Malformed e) {
            return false;
        }
    }

    /**
     * Whether the head is plain ASCII text (tabs, line breaks, printable characters) of some length.
     * Text that starts with a blank line and then spaces (a licence file indented like Apache's)
     * passes the packet checks of {@link #canRead}: {@code 0A 20} reads as a 32-byte packet and each
     * space as field 4 with the varint 32. A Perfetto trace has bytes below 0x20 within its first
     * packets (tags of fields 1 to 3, small varints, lengths) and field values of 0x80 and above.
     */
    static boolean plainText(byte[] head) {
        if (head.length < 64) {
            return false;
        }
        for (byte c : head) {
            if ((c < 0x20 || c > 0x7E) && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        // A job while it reads: a load started meanwhile on another thread counts this one's core as taken.
        try (LoadThreads.Job job = LoadThreads.job()) {
            return read(source, data.slice(), progress, threads > 0 ? threads : LoadThreads.count());
        }
    }

    private Trace read(String source, ByteBuffer d, Progress progress, int threads) throws TraceFormatException {
        SystemTraceBuilder b = new SystemTraceBuilder();
        b.threads(threads);
        Map<String, String> props = new LinkedHashMap<>();
        Stream stream = new Stream(source, b, props, progress, threads, chunkBytes);
        stream.file(d);
        progress.update(d.limit(), d.limit()); // every packet decoded: what follows builds the model
        if (stream.packets == 0) {
            throw TraceFormatException.atOffset(source, stream.errorOffset < 0 ? 0 : stream.errorOffset,
                    "not a readable Perfetto trace: " + (stream.error == null ? "no packets" : stream.error));
        }
        props.put("packets", Long.toString(stream.packets));
        stream.decoder.finish();
        return b.build(source, "perfetto", stream.compressed ? "protobuf-compressed" : "protobuf", props);
    }

    /** The packet stream of the file and of any compressed containers in it. */
    private static final class Stream {
        final String source;
        final SystemTraceBuilder b;
        final Progress progress;
        final PacketDecoder decoder;
        final Pb pb = new Pb(new byte[0], 0, 0);
        final int threads;
        final int chunkBytes;
        byte[] scratch = new byte[1 << 16];
        final TopLevelPackets top = new TopLevelPackets();
        /** A chunk's TrackEvent packet's header, refilled for each. */
        final PacketHeader header = new PacketHeader();
        /** Merges the decoded chunks' tables into the model (reading thread). */
        final ChunkMerge merge = new ChunkMerge();
        long packets;
        String error;
        long errorOffset = -1;
        boolean compressed;
        int depth;
        /** All compressed_packets so far, inflated and compressed bytes, for {@link InflationLimit}'s ratio. */
        long inflatedTotal;
        long compressedTotal;
        /** Why the containers are a decompression bomb, once they are: the read stops at that packet. */
        String bomb;

        Stream(String source, SystemTraceBuilder b, Map<String, String> props, Progress progress, int threads,
               int chunkBytes) {
            this.source = source;
            this.threads = threads;
            this.chunkBytes = chunkBytes;
            this.b = b;
            this.progress = progress;
            this.decoder = new PacketDecoder(b, props, this::container);
        }

        void file(ByteBuffer d) {
            if (threads > 1 && d.limit() >= 2L * chunkBytes) {
                chunked(d);
                return;
            }
            int n = d.limit();
            int pos = 0;
            long nextReport = 1 << 22;
            while (pos < n) {
                if (!top.read(d, pos, n)) {
                    stop(top.badAt, top.bad);
                    return;
                }
                int keyAt = pos;
                int length = top.length;
                pos = top.end - length;
                if (top.field == 1 && length > 0) {
                    if (scratch.length < length) {
                        scratch = new byte[Math.max(length, (int) Math.min(Integer.MAX_VALUE - 8, scratch.length * 2L))];
                    }
                    d.get(pos, scratch, 0, length);
                    decode(scratch, 0, length, keyAt);
                    if (bomb != null) {
                        stop(keyAt, "compressed packets: the content " + bomb);
                        return;
                    }
                }
                pos += length;
                if (pos >= nextReport) {
                    progress.update(pos, n);
                    progress.checkCancelled();
                    nextReport = pos + (1L << 22);
                }
            }
        }

        /**
         * The file split into chunks of whole packets (a scan of the top-level headers only, on a
         * decoding thread while the first chunks are decoded), the chunks decoded on {@link #threads} threads, and the packets applied here in file order:
         * the bundles' recorded calls replayed, every other packet decoded as in {@link #file}.
         */
        private void chunked(ByteBuffer d) {
            int n = d.limit();
            BuilderSink sink = new BuilderSink(b);
            try (DecodePipeline pipeline = new DecodePipeline(d, top, chunkBytes, MAX_CHUNK_PACKETS, threads - 1)) {
                PacketChunk c;
                for (int i = 0; (c = pipeline.take(i)) != null; i++) {
                    boolean go = apply(c, sink);
                    pipeline.release(i);
                    if (!go) {
                        return;
                    }
                    progress.update(pipeline.end(i), n);
                    progress.checkCancelled();
                }
            }
            if (top.bad != null) {
                stop(top.badAt, top.bad);
            }
        }

        /** A decoded chunk's packets in order; false when a decompression bomb stopped the read. */
        private boolean apply(PacketChunk c, BuilderSink sink) {
            int opsFrom = 0;
            c.ops.beginReplay();
            merge.begin(c.tables);
            Sequence seq;
            for (int p = 0; p < c.packets; p++) {
                if (c.kind[p] == PacketChunk.RAW) {
                    decode(c.buf, c.from[p], c.to[p], c.keyAt[p]);
                    if (bomb != null) {
                        stop(c.keyAt[p], "compressed packets: the content " + bomb);
                        return false;
                    }
                } else if ((seq = decoder.admit(c.seqId[p], c.flags[p], c.dropped[p])) == null) {
                    packets++; // skipped for lost state, as decode() counts it
                } else if (c.kind[p] == PacketChunk.TRACK_EVENT) {
                    pb.reset(c.buf, c.from[p], c.to[p]);
                    try {
                        decoder.trackEvent(pb, c.header(p, header), seq, c.events, c.segment[p]);
                        packets++;
                    } catch (Pb.Malformed e) {
                        malformed(c.keyAt[p], e.getMessage());
                    }
                } else {
                    if (c.kind[p] == PacketChunk.COLUMNS) {
                        merge.merge(c.segment[p], b);
                    } else {
                        c.ops.replay(opsFrom, c.opsEnd[p], sink);
                    }
                    if (c.malformed[p] != null) {
                        malformed(c.keyAt[p], c.malformed[p]);
                    } else {
                        packets++;
                    }
                }
                opsFrom = c.opsEnd[p];
            }
            return true;
        }


        private void decode(byte[] buf, int from, int to, long offset) {
            pb.reset(buf, from, to);
            try {
                decoder.packet(pb);
                packets++;
            } catch (Pb.Malformed e) {
                malformed(offset, e.getMessage());
            }
        }

        private void malformed(long offset, String message) {
            b.count("malformed packets (skipped): e.g. at byte " + offset + ", " + message);
            if (error == null) {
                error = message;
                errorOffset = offset;
            }
        }

        private void stop(long offset, String what) {
            if (packets > 0) {
                b.warn("at byte " + offset + ": " + what + "; the rest of the file is ignored");
            }
            if (error == null) {
                error = what;
                errorOffset = offset;
            }
        }

        /** A compressed_packets payload: inflate, then decode the packets inside (recursively). */
        void container(byte[] buf, int from, int to, boolean zstd) {
            compressed = true;
            if (bomb != null) {
                return;
            }
            if (depth >= MAX_CONTAINER_DEPTH) {
                b.count("compressed containers nested too deep (skipped)");
                return;
            }
            byte[] inflated = zstd ? unzstd(buf, from, to) : inflate(buf, from, to);
            if (inflated == null) {
                return;
            }
            Pb saved = new Pb(pb.buf, pb.pos, pb.limit);
            depth++;
            try {
                Pb inner = new Pb(inflated, 0, inflated.length);
                while (inner.more()) {
                    int f = inner.field();
                    if (f == 1 && inner.wire == 2) {
                        int n = inner.length();
                        int start = inner.pos;
                        inner.pos += n;
                        if (n > 0) {
                            decode(inflated, start, start + n, -1);
                        }
                    } else {
                        inner.skip();
                    }
                }
            } catch (Pb.Malformed e) {
                b.count("compressed containers with a corrupt or truncated packet inside (rest of the container skipped)");
            } finally {
                depth--;
                pb.reset(saved.buf, saved.pos, saved.limit);
            }
        }

        private byte[] unzstd(byte[] buf, int from, int to) {
            try {
                byte[] out = ZstdStreams.inflate(buf, from, to - from, MAX_INFLATED_CONTAINER);
                if (out == null) {
                    b.count("compressed containers inflating beyond " + (MAX_INFLATED_CONTAINER >> 20) + " MiB (skipped)");
                    return null;
                }
                // The same ratio rule as zlib containers, counted over all containers.
                inflatedTotal += out.length;
                compressedTotal += to - from;
                bomb = InflationLimit.exceeded(inflatedTotal, compressedTotal, Long.MAX_VALUE);
                return bomb == null ? out : null;
            } catch (ZstdStreams.Failure e) {
                // One line per kind of failure, not per container: the message's byte counts vary.
                if (e.getMessage().contains("could not be loaded")) {
                    b.count(e.getMessage().replace("zstd-compressed data", "zstd_compressed_packets containers skipped"));
                } else {
                    b.count("corrupt or truncated zstd_compressed_packets containers (skipped)");
                }
                return null;
            }
        }

        private byte[] inflate(byte[] buf, int from, int to) {
            Inflater inf = new Inflater();
            inf.setInput(buf, from, to - from);
            byte[] out = new byte[Math.max(1024, Math.min(MAX_INFLATED_CONTAINER, (to - from) * 4))];
            int n = 0;
            try {
                while (!inf.finished()) {
                    if (n == out.length) {
                        if (out.length >= MAX_INFLATED_CONTAINER) {
                            b.count("compressed containers inflating beyond " + (MAX_INFLATED_CONTAINER >> 20)
                                    + " MiB (skipped)");
                            return null;
                        }
                        out = Arrays.copyOf(out, Math.min(MAX_INFLATED_CONTAINER, out.length * 2));
                    }
                    int k = inf.inflate(out, n, out.length - n);
                    if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                        b.count("truncated compressed containers (kept what inflated)");
                        break;
                    }
                    n += k;
                    // Only the ratio: each container is decoded and dropped, so the total is not held.
                    bomb = InflationLimit.exceeded(inflatedTotal + n, compressedTotal + inf.getBytesRead(), Long.MAX_VALUE);
                    if (bomb != null) {
                        return null;
                    }
                }
                inflatedTotal += n;
                compressedTotal += inf.getBytesRead();
            } catch (DataFormatException e) {
                b.count("corrupt compressed containers (skipped): " + e.getMessage());
                return null;
            } finally {
                inf.end();
            }
            return Arrays.copyOf(out, n);
        }
    }
}
