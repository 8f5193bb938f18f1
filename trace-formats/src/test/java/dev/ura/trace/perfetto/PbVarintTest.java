package dev.ura.trace.perfetto;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Varints read the same with ten bytes or more left in the message (read straight) and with fewer
 * (read byte by byte with a bound check each): every length from 1 to 10 bytes, the extremes, and
 * the malformed ones (more than 10 bytes, cut short).
 */
class PbVarintTest {
    @Test
    void everyLengthReadsTheSameWithAndWithoutRoom() {
        Random r = new Random(22);
        long[] values = new long[2000];
        for (int i = 0; i < values.length; i++) {
            values[i] = r.nextLong() >>> r.nextInt(64); // all magnitudes, so all lengths
        }
        values[0] = 0;
        values[1] = 127;
        values[2] = 128;
        values[3] = Long.MAX_VALUE;
        values[4] = -1; // ten bytes
        values[5] = Long.MIN_VALUE;
        for (long v : values) {
            byte[] enc = encode(v);
            assertThat(read(enc, 0)).as("%d at the end", v).isEqualTo(v);
            assertThat(read(enc, 12)).as("%d with room", v).isEqualTo(v);
            Pb pb = new Pb(Arrays.copyOf(enc, enc.length + 12), 0, enc.length + 12);
            pb.varint();
            assertThat(pb.pos).isEqualTo(enc.length);
        }
    }

    @Test
    void malformedVarintsFailTheSameWay() {
        byte[] eleven = new byte[11];
        Arrays.fill(eleven, (byte) 0x80);
        eleven[10] = 1;
        for (int room : new int[] {0, 12}) {
            Pb pb = new Pb(Arrays.copyOf(eleven, 11 + room), 0, 11 + room);
            assertThatThrownBy(pb::varint).isInstanceOf(Pb.Malformed.class).hasMessage("varint longer than 10 bytes");
        }
        byte[] cut = {(byte) 0x80, (byte) 0x80};
        assertThatThrownBy(() -> new Pb(cut, 0, 2).varint()).isInstanceOf(Pb.Malformed.class)
                .hasMessage("varint runs past the end of its message");
    }

    private static long read(byte[] enc, int room) {
        byte[] b = Arrays.copyOf(enc, enc.length + room);
        return new Pb(b, 0, b.length).varint();
    }

    private static byte[] encode(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }
}
