package dev.ura.trace.ftrace;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link ArgIndex} finds what a byte scan from the start finds ({@link ArgBytes#indexOf}), first occurrence included. */
class ArgIndexTest {
    private static final String[] KEYS = {"prev_comm=", " prev_pid=", " prev_state=", " ==> ", "next_comm=", " pid=", "comm=", "target_cpu="};

    @Test
    void aSchedSwitchLineIsSplitByItsKeys() {
        byte[] b = "prev_comm=Jit thread pool prev_pid=101 prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120"
                .getBytes(StandardCharsets.US_ASCII);
        ArgIndex args = new ArgIndex();
        args.index(b, 0, b.length);
        assertThat(text(b, args.between(0, ArgIndex.Key.of("prev_comm="), ArgIndex.Key.of(" prev_pid=")))).isEqualTo("Jit thread pool");
        assertThat(text(b, args.between(0, ArgIndex.Key.of(" prev_state="), ArgIndex.Key.of(" ==> ")))).isEqualTo("R+");
        assertThat(text(b, args.between(0, ArgIndex.Key.of("next_comm="), ArgIndex.Key.of(" next_pid=")))).isEqualTo("swapper/0");
        assertThat(text(b, args.after(0, ArgIndex.Key.of(" next_prio=")))).isEqualTo("120");
        assertThat(args.between(0, ArgIndex.Key.of("target_cpu="), ArgIndex.Key.of(" pid="))).isEqualTo(ArgBytes.ABSENT);
    }

    @Test
    void aKeyInsideACommIsTheFirstOccurrenceAsTheScanFindsIt() {
        // A comm may hold "next_comm=x" (15 bytes fit): the first occurrence is inside prev_comm, as the text path reads it.
        byte[] b = "prev_comm=next_comm=x prev_pid=1 prev_prio=120 prev_state=S ==> next_comm=b next_pid=2 next_prio=120"
                .getBytes(StandardCharsets.US_ASCII);
        ArgIndex args = new ArgIndex();
        args.index(b, 0, b.length);
        ArgIndex.Key next = ArgIndex.Key.of("next_comm=");
        assertThat(args.indexOf(next, 0)).isEqualTo(10).isEqualTo(ArgBytes.indexOf(b, 0, b.length, "next_comm="));
        assertThat(args.indexOf(next, 11)).isEqualTo(ArgBytes.indexOf(b, 11, b.length, "next_comm="));
    }

    @Test
    void randomLinesGiveTheScansAnswers() {
        Random r = new Random(19);
        String alphabet = "=> _pcomeidstxnrav0123";
        ArgIndex args = new ArgIndex();
        for (int round = 0; round < 20_000; round++) {
            StringBuilder s = new StringBuilder();
            int parts = r.nextInt(6);
            for (int p = 0; p < parts; p++) {
                if (r.nextBoolean()) {
                    s.append(KEYS[r.nextInt(KEYS.length)]);
                }
                for (int i = r.nextInt(8); i > 0; i--) {
                    s.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
            }
            byte[] line = ("xx" + s + "yy").getBytes(StandardCharsets.US_ASCII);
            int from = r.nextInt(3);
            int to = line.length - r.nextInt(3);
            args.index(line, from, to);
            for (String key : KEYS) {
                int start = from + r.nextInt(Math.max(1, to - from));
                assertThat(args.indexOf(ArgIndex.Key.of(key), start)).as("%s in '%s' from %d", key, s, start)
                        .isEqualTo(ArgBytes.indexOf(line, start, to, key));
            }
        }
    }

    private static String text(byte[] b, long range) {
        return new String(b, ArgBytes.from(range), ArgBytes.to(range) - ArgBytes.from(range), StandardCharsets.US_ASCII);
    }
}
