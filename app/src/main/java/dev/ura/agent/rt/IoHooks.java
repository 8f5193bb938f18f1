package dev.ura.agent.rt;

/** Storage and network I/O ({@code READ}, {@code WRITE}, {@code SEND}, {@code RECV} intervals). */
public final class IoHooks {
    private IoHooks() {
    }

    /**
     * Storage or network I/O starts ({@code kind}: "READ", "WRITE", "SEND", "RECV"). I/O inside
     * I/O (a stream over a channel) is not an interval of its own: its bytes count for the outer one.
     */
    public static int ioBegin(String kind, String pathOrHost) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        int d = t.depth();
        if (d > 0 && Kind.isIo(t.kindAt(d - 1))) {
            return -1;
        }
        byte k = switch (kind) {
            case "READ" -> Kind.READ;
            case "WRITE" -> Kind.WRITE;
            case "SEND" -> Kind.SEND;
            default -> Kind.RECV;
        };
        return Hooks.open(k, null, k == Kind.SEND || k == Kind.RECV ? "host" : "path", pathOrHost);
    }

    /**
     * I/O ends having moved {@code bytes} (negative: unknown, e.g. end of file); a nested one adds
     * its bytes to the enclosing I/O interval.
     */
    public static void ioEnd(int token, long bytes) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return;
        }
        if (token < 0) {
            int d = t.depth();
            if (bytes > 0 && d > 0 && Kind.isIo(t.kindAt(d - 1))) {
                t.addBytesAt(d - 1, bytes);
            }
            return;
        }
        if (bytes >= 0 && token < t.depth()) {
            t.setBytesAt(token, bytes);
        }
        Hooks.end(token);
    }
}
