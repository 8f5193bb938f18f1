package dev.ura.trace.perfetto;

/**
 * A TracePacket's own fields (time, clock, sequence, flags) and where its payload, interned data
 * and defaults lie, read in one pass without decoding those; shared by the reading thread and the
 * threads that decode ftrace bundles ahead of it.
 */
final class PacketHeader {
    long ts = Long.MIN_VALUE;
    long clock = -1;
    long seqId;
    long flags;
    boolean dropped;
    /** Payload field number (0: none) and its bytes [payloadStart, payloadEnd). */
    int payload;
    int payloadStart;
    int payloadEnd;
    int internStart = -1;
    int internEnd = -1;
    int defaultsStart = -1;
    int defaultsEnd = -1;

    /** Reads the packet's fields up to {@code pb.limit}, leaving {@code pb.pos} there. */
    PacketHeader read(Pb pb) {
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 8 -> ts = pb.varintOrSkip();
                case 58 -> clock = pb.varintOrSkip();
                case 10 -> seqId = pb.varintOrSkip();
                case 13 -> flags |= pb.varintOrSkip();
                case 41 -> flags |= pb.varintOrSkip() != 0 ? 1 : 0;
                case 42 -> dropped = pb.varintOrSkip() != 0;
                case 12, 59, 1, 2, 6, 11, 60, 45, 76, 50, 133, 44, 43 -> {
                    if (pb.wire != 2) {
                        pb.skip();
                        break;
                    }
                    int n = pb.length();
                    if (f == 12) {
                        internStart = pb.pos;
                        internEnd = pb.pos + n;
                    } else if (f == 59) {
                        defaultsStart = pb.pos;
                        defaultsEnd = pb.pos + n;
                    } else {
                        payload = f;
                        payloadStart = pb.pos;
                        payloadEnd = pb.pos + n;
                    }
                    pb.pos += n;
                }
                default -> pb.skip();
            }
        }
        return this;
    }

    /**
     * Whether the packet is an ftrace bundle and nothing else that needs the sequence's state
     * (interned data, defaults): such a packet decodes the same on any thread.
     */
    boolean selfContainedFtrace() {
        return payload == 1 && internStart < 0 && defaultsStart < 0;
    }
}
