package dev.ura.agent.rt;

import java.nio.charset.StandardCharsets;

/** The agent-log kinds the agent writes, as small codes with their pre-encoded {@code "kind"} field. */
final class Kind {
    static final byte USER_INPUT = 0;
    static final byte SEND_MSG = 1;
    static final byte DISPATCH_MSG = 2;
    static final byte INVALIDATE = 3;
    static final byte DRAW = 4;
    static final byte READ = 5;
    static final byte WRITE = 6;
    static final byte SEND = 7;
    static final byte RECV = 8;
    static final byte METHOD = 9;
    static final byte WAIT = 10;

    private static final String[] NAMES = {"USER_INPUT", "SEND_MSG", "DISPATCH_MSG", "INVALIDATE", "DRAW", "READ",
            "WRITE", "SEND", "RECV", "METHOD", "WAIT"};
    private static final byte[][] FIELDS = new byte[NAMES.length][];

    static {
        for (int i = 0; i < NAMES.length; i++) {
            FIELDS[i] = (",\"kind\":\"" + NAMES[i] + "\"").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private Kind() {
    }

    /** {@code ,"kind":"NAME"} */
    static byte[] field(byte kind) {
        return FIELDS[kind];
    }

    static String name(byte kind) {
        return NAMES[kind];
    }

    static boolean isIo(byte kind) {
        return kind >= READ && kind <= RECV;
    }
}
