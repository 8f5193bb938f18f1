package dev.ura.trace.android;

import dev.ura.trace.model.Clock;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AndroidTraceWriterTest {

    @Test
    void reproducesDalvikVersion3FileByteForByte() throws Exception {
        Path real = SharedFiles.require("traces/android/perflib-basic.trace");
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).dalvik()
                .property("elapsed-time-usec", "303").property("clock-call-overhead-nsec", "2178")
                .startTimeUs(1374703971214759L)
                .thread(1, "main").thread(11, "AsyncTask #1").thread(10, "Binder_2").thread(9, "Binder_1")
                .thread(8, "FinalizerWatchdogDaemon").thread(7, "FinalizerDaemon").thread(6, "ReferenceQueueDaemon")
                .thread(5, "Compiler").thread(4, "JDWP").thread(3, "Signal Catcher").thread(2, "GC")
                .method(0x6287d960L, "android.os.Debug", "startMethodTracing", "(Ljava/lang/String;)V", "Debug.java", -1)
                .method(0x6287d9d0L, "android.os.Debug", "startMethodTracing", "(Ljava/lang/String;II)V", "Debug.java", 604)
                .method(0x6287dae8L, "android.os.Debug", "stopMethodTracing", "()V", "Debug.java", 650)
                .method(0x62ae8a10L, "com.test.android.traceview.Basic", "bar", "()I", "Basic.java", 18)
                .method(0x62ae8a48L, "com.test.android.traceview.Basic", "foo", "()V", "Basic.java", 14)
                .method(0x627f5868L, "dalvik.system.VMDebug", "startMethodTracing", "(Ljava/lang/String;II)V",
                        "VMDebug.java", 170)
                .method(0x627f59f0L, "dalvik.system.VMDebug", "stopMethodTracing", "()V", "VMDebug.java", -2)
                .exit(11, 0x627f5868L, 230, 3).exit(11, 0x6287d9d0L, 233, 7).exit(11, 0x6287d960L, 235, 9)
                .enter(11, 0x62ae8a48L, 242, 16).enter(11, 0x62ae8a10L, 245, 19).exit(11, 0x62ae8a10L, 247, 21)
                .exit(11, 0x62ae8a48L, 249, 23).enter(11, 0x6287dae8L, 271, 45).enter(11, 0x627f59f0L, 287, 61);
        assertThat(w.toBytes()).isEqualTo(Files.readAllBytes(real));
    }

    @Test
    void reproducesDalvikVersion1ThreadCpuFileByteForByte() throws Exception {
        Path real = SharedFiles.require("traces/android/perflib-basic-api10.trace");
        AndroidTraceWriter w = AndroidTraceWriter.legacy(1, Clock.THREAD_CPU).dalvik()
                .property("elapsed-time-usec", "53").property("clock-call-overhead-nsec", "761")
                .startTimeUs(1380042314331017L)
                .thread(1, "main").thread(8, "AsyncTask #1").thread(7, "Binder Thread #2")
                .thread(6, "Binder Thread #1").thread(5, "JDWP").thread(4, "Signal Catcher").thread(3, "GC")
                .thread(2, "HeapWorker")
                .method(0xb6d0601cL, "com.test.android.traceview.Basic", "bar", "()I", "Basic.java", 18)
                .method(0xb6d06050L, "com.test.android.traceview.Basic", "foo", "()V", "Basic.java", 14)
                .method(0xb6b34830L, "dalvik.system.VMDebug", "startMethodTracing", "(Ljava/lang/String;II)V",
                        "VMDebug.java", 173)
                .method(0xb6b3499cL, "dalvik.system.VMDebug", "stopMethodTracing", "()V", "VMDebug.java", -2)
                .method(0xb6b96784L, "android.os.Debug", "startMethodTracing", "(Ljava/lang/String;)V", "Debug.java", -1)
                .method(0xb6b967ecL, "android.os.Debug", "startMethodTracing", "(Ljava/lang/String;II)V",
                        "Debug.java", -1)
                .method(0xb6b968f0L, "android.os.Debug", "stopMethodTracing", "()V", "Debug.java", 496);
        long[][] recs = {{0xb6b34830L, 1}, {0xb6b34831L, 6}, {0xb6b967edL, 7}, {0xb6b96785L, 7}, {0xb6d06050L, 12},
                {0xb6d0601cL, 12}, {0xb6d0601dL, 16}, {0xb6d06051L, 16}, {0xb6b968f0L, 21}, {0xb6b3499cL, 24}};
        for (long[] r : recs) {
            w.record(8, r[0] & ~3L, (int) (r[0] & 3), 0, r[1]);
        }
        assertThat(w.toBytes()).isEqualTo(Files.readAllBytes(real));
    }

    @Test
    void artLegacyWritesZeroIdWithoutPrefixAndPid() {
        byte[] bytes = AndroidTraceWriter.legacy(2, Clock.WALL).pid(77).thread(3, "main")
                .method(0, "a.B", "c", "()V", null).method(4, "a.B", "d", "(I)V", "")
                .enter(3, 0, 10, 0).exit(3, 0, 25, 0).toBytes();
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertThat(text).startsWith("*version\n2\ndata-file-overflow=false\nclock=wall\nelapsed-time-usec=25\n"
                + "num-method-calls=2\nclock-call-overhead-nsec=0\nvm=art\npid=77\n*threads\n3\tmain\n*methods\n"
                + "0\ta.B\tc\t()V\t(null)\n0x4\ta.B\td\t(I)V\t\n*end\nSLOW");
        ByteBuffer b = data(bytes);
        assertThat(b.getShort(4)).isEqualTo((short) 2);
        assertThat(b.getShort(6)).isEqualTo((short) 32);
        assertThat(b.remaining()).isEqualTo(32 + 2 * 10);
        assertThat(b.getShort(32)).isEqualTo((short) 3);
        assertThat(b.getInt(34)).isEqualTo(0);
        assertThat(b.getInt(38)).isEqualTo(10);
        assertThat(b.getShort(42)).isEqualTo((short) 3);
        assertThat(b.getInt(44)).isEqualTo(1);
        assertThat(b.getInt(48)).isEqualTo(25);
    }

    @Test
    void dualRecordsHoldCpuThenWallAndWrapAt32Bits() {
        byte[] bytes = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").method(4, "a.B", "c", "()V", "B.java")
                .enter(1, 4, (1L << 32) + 5, 7).toBytes();
        ByteBuffer b = data(bytes);
        assertThat(b.getShort(16)).isEqualTo((short) 14);
        assertThat(b.getInt(32 + 6)).isEqualTo(7);
        assertThat(b.getInt(32 + 10)).isEqualTo(5);
    }

    @Test
    void streamingWritesPacketsBeforeFirstUseAndSummaryLast() {
        byte[] bytes = AndroidTraceWriter.streaming(3, Clock.DUAL).pid(9).thread(5, "main")
                .method(0, "a.B", "c", "()V", "B.java")
                .enter(5, 0, 1, 2).exit(5, 0, 3, 4).toBytes();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(0)).isEqualTo(0x574F4C53);
        assertThat(b.getShort(4)).isEqualTo((short) 0xF3);
        assertThat(b.getShort(16)).isEqualTo((short) 14);
        int p = 32;
        assertThat(b.getShort(p)).isZero();
        assertThat(b.get(p + 2)).isEqualTo((byte) 1);
        int len = b.getShort(p + 3);
        assertThat(new String(bytes, p + 5, len, StandardCharsets.UTF_8)).isEqualTo("0\ta.B\tc\t()V\tB.java\n");
        p += 5 + len;
        assertThat(b.getShort(p)).isZero();
        assertThat(b.get(p + 2)).isEqualTo((byte) 2);
        assertThat(b.getShort(p + 3)).isEqualTo((short) 5);
        assertThat(new String(bytes, p + 7, b.getShort(p + 5), StandardCharsets.UTF_8)).isEqualTo("main");
        p += 7 + 4;
        assertThat(b.getShort(p)).isEqualTo((short) 5);
        p += 28;
        assertThat(b.getShort(p)).isZero();
        assertThat(b.get(p + 2)).isEqualTo((byte) 3);
        int summaryLength = b.getInt(p + 3);
        assertThat(p + 7 + summaryLength).isEqualTo(bytes.length);
        assertThat(new String(bytes, p + 7, summaryLength, StandardCharsets.UTF_8)).isEqualTo("*version\n3\n"
                + "data-file-overflow=false\nclock=dual\nelapsed-time-usec=3\nclock-call-overhead-nsec=0\nvm=art\n"
                + "pid=9\n*threads\n5\tmain\n*methods\n*end\n");
    }

    @Test
    void chunkedStreamingGroupsRecordsPerThreadAndListsMethodsInArt14Summary() {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(2, Clock.WALL).artRelease(14).chunked(100)
                .thread(1, "main").thread(2, "worker").method(0, "a.B", "c", "()V", "B.java");
        w.enter(1, 0, 1, 0).enter(2, 0, 2, 0).exit(1, 0, 3, 0).exit(2, 0, 4, 0);
        byte[] bytes = w.toBytes();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertThat(bytes[4] & 0xFF).isEqualTo(0xF2);
        assertThat(text).endsWith("*threads\n*methods\n0\ta.B\tc\t()V\tB.java\n*end\n");
        int firstRecord = text.indexOf("c\t()V\tB.java\n") + "c\t()V\tB.java\n".length();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new short[]{b.getShort(firstRecord), b.getShort(firstRecord + 10), b.getShort(firstRecord + 20),
                b.getShort(firstRecord + 30)}).containsExactly(1, 1, 2, 2);
    }

    @Test
    void streamsToAnOutputStreamWithTheSameBytes() {
        AndroidTraceWriter inMemory = sample();
        for (int i = 0; i < 20_000; i++) {
            inMemory.enter(1, 4, i, i).exit(1, 4, i, i);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AndroidTraceWriter streamed = sample().property("elapsed-time-usec", "19999").open(out, 40_000);
        for (int i = 0; i < 20_000; i++) {
            streamed.enter(1, 4, i, i).exit(1, 4, i, i);
        }
        streamed.finish();
        assertThat(out.toByteArray()).isEqualTo(inMemory.toBytes());
    }

    @Test
    void refusesImpossibleLayouts() {
        assertThatThrownBy(() -> AndroidTraceWriter.legacy(2, Clock.DUAL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AndroidTraceWriter.legacy(1, Clock.WALL).enter(300, 4, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AndroidTraceWriter.legacy(3, Clock.WALL).chunked(5))
                .isInstanceOf(IllegalStateException.class);
    }

    private static AndroidTraceWriter sample() {
        return AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").method(4, "a.B", "c", "()V", "B.java");
    }

    /** The data section of a legacy file (after {@code *end\n}), little-endian. */
    static ByteBuffer data(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int start = text.indexOf("*end\n") + 5;
        return ByteBuffer.wrap(bytes, start, bytes.length - start).slice().order(ByteOrder.LITTLE_ENDIAN);
    }
}
