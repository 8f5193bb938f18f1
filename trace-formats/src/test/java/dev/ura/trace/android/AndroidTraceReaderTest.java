package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static dev.ura.trace.android.AndroidTraces.calls;
import static dev.ura.trace.android.AndroidTraces.read;
import static dev.ura.trace.android.AndroidTraces.thread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every layout the reader supports, built byte for byte with {@link AndroidTraceWriter}. */
class AndroidTraceReaderTest {

    private static AndroidTraceWriter nested(AndroidTraceWriter w) {
        return w.thread(7, "main").thread(8, "worker")
                .method(0, "com.app.Main", "onCreate", "(Landroid/os/Bundle;)V", "Main.java")
                .method(4, "com.app.Main", "load", "()V", "Main.java")
                .enter(7, 0, 100, 10).enter(7, 4, 150, 20).enter(8, 4, 160, 1).exit(7, 4, 400, 90)
                .exit(8, 4, 170, 5).exit(7, 0, 500, 120);
    }

    @Test
    void legacyDualClockArt() throws Exception {
        byte[] bytes = nested(AndroidTraceWriter.legacy(3, Clock.DUAL).pid(7).startTimeUs(5_000_000)
                .property("alloc-count", "12")).toBytes();
        Trace trace = read(bytes);
        assertThat(trace.metadata().format()).isEqualTo("android-trace");
        assertThat(trace.metadata().variant()).isEqualTo("legacy");
        assertThat(trace.metadata().version()).isEqualTo(3);
        assertThat(trace.metadata().clock()).isEqualTo(Clock.DUAL);
        assertThat(trace.metadata().vm()).isEqualTo("art");
        assertThat(trace.metadata().pid()).isEqualTo(7);
        assertThat(trace.metadata().startTimeNs()).isEqualTo(5_000_000_000L);
        assertThat(trace.metadata().properties()).containsEntry("alloc-count", "12").containsEntry("num-method-calls", "6");
        assertThat(trace.records()).isEqualTo(6);
        assertThat(trace.warnings()).isEmpty();
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500 cpu 10-120", "  load 150-400 cpu 20-90");
        assertThat(calls(trace, "worker")).containsExactly("load 160-170 cpu 1-5");
        assertThat(thread(trace, "main").main()).isTrue();
        assertThat(thread(trace, "main").records()).isEqualTo(4);
        assertThat(trace.mainThread()).map(t -> t.id()).contains(7L);
        assertThat(trace.methods().get(0)).isEqualTo(new MethodInfo(0, "com.app.Main", "onCreate",
                "(Landroid/os/Bundle;)V", "Main.java", -1));
    }

    @Test
    void legacyWallOnlyVersion2() throws Exception {
        Trace trace = read(nested(AndroidTraceWriter.legacy(2, Clock.WALL)).toBytes());
        assertThat(trace.metadata().clock()).isEqualTo(Clock.WALL);
        assertThat(trace.metadata().version()).isEqualTo(2);
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500", "  load 150-400");
        assertThat(thread(trace, "main").calls().hasCpuTime()).isFalse();
    }

    @Test
    void legacyThreadCpuOnlyUsesCpuAsTheTime() throws Exception {
        Trace v3 = read(nested(AndroidTraceWriter.legacy(3, Clock.THREAD_CPU)).toBytes());
        assertThat(calls(v3, "main")).containsExactly("onCreate 10-120", "  load 20-90");
        Trace v1 = read(nested(AndroidTraceWriter.legacy(1, Clock.THREAD_CPU)).toBytes());
        assertThat(v1.metadata().version()).isEqualTo(1);
        assertThat(calls(v1, "main")).containsExactly("onCreate 10-120", "  load 20-90");
    }

    @Test
    void recordPaddingAndLongerDataHeaderAreSkipped() throws Exception {
        Trace trace = read(nested(AndroidTraceWriter.legacy(3, Clock.DUAL).recordSize(20).dataOffset(48)).toBytes());
        assertThat(trace.warnings()).isEmpty();
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500 cpu 10-120", "  load 150-400 cpu 20-90");
    }

    @Test
    void dalvikPointerIdsSlashNamesAndLineNumbers() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).dalvik().thread(1, "main");
        long id = w.methodId(3);
        w.method(id, "android.os.Debug", "startMethodTracing", "()V", "Debug.java", 604)
                .enter(1, id, 5, 1).exit(1, id, 9, 2);
        Trace trace = read(w.toBytes());
        assertThat(trace.metadata().vm()).isEqualTo("dalvik");
        assertThat(trace.metadata().pid()).isEqualTo(-1);
        assertThat(trace.methods().get(0)).isEqualTo(new MethodInfo(id, "android.os.Debug", "startMethodTracing",
                "()V", "Debug.java", 604));
        assertThat(calls(trace, "main")).containsExactly("startMethodTracing 5-9 cpu 1-2");
    }

    @Test
    void art14SmallThreadIdsFindMainByNameAndOthersByPid() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).artRelease(14).pid(4321)
                .thread(1, "main").thread(2, "RenderThread").method(0, "a.B", "c", "()V", "B.java");
        Trace trace = read(w.enter(2, 0, 1, 1).exit(2, 0, 2, 2).enter(1, 0, 3, 3).toBytes());
        assertThat(trace.threads()).extracting(t -> t.id()).containsExactly(2L, 1L);
        assertThat(thread(trace, "main").main()).isTrue();
        assertThat(thread(trace, "RenderThread").main()).isFalse();

        Trace byPid = read(AndroidTraceWriter.legacy(3, Clock.DUAL).pid(4321).thread(4321, "com.app")
                .method(0, "a.B", "c", "()V", "B.java").enter(4321, 0, 1, 1).toBytes());
        assertThat(byPid.mainThread()).map(t -> t.name()).contains("com.app");
    }

    @Test
    void utf8NamesUpperCaseIdsAndMissingSourceFiles() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).upperCaseIds().thread(1, "主线程 ✓")
                .method(0xFFFFFFFCL, "o", "ᔇ", "()V", null).method(0x259c, "p.Q", "ˊ", "(I)V", "");
        Trace trace = read(w.enter(1, 0xFFFFFFFCL, 1, 1).enter(1, 0x259c, 2, 2).exit(1, 0x259c, 3, 3)
                .exit(1, 0xFFFFFFFCL, 4, 4).toBytes());
        assertThat(trace.warnings()).isEmpty();
        assertThat(calls(trace, "主线程 ✓")).containsExactly("ᔇ 1-4 cpu 1-4", "  ˊ 2-3 cpu 2-3");
        assertThat(trace.methods().get(0).id()).isEqualTo(0xFFFFFFFCL);
        assertThat(trace.methods().get(0).sourceFile()).isNull();
        assertThat(trace.methods().get(1).sourceFile()).isNull();
    }

    @Test
    void streamingDualClockWithSummary() throws Exception {
        Trace trace = read(nested(AndroidTraceWriter.streaming(3, Clock.DUAL).pid(7).startTimeUs(42)).toBytes());
        assertThat(trace.metadata().variant()).isEqualTo("streaming");
        assertThat(trace.metadata().version()).isEqualTo(3);
        assertThat(trace.metadata().clock()).isEqualTo(Clock.DUAL);
        assertThat(trace.metadata().startTimeNs()).isEqualTo(42_000);
        assertThat(trace.metadata().properties()).containsEntry("pid", "7").doesNotContainKey("num-method-calls");
        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.methods().definedCount()).isEqualTo(2);
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500 cpu 10-120", "  load 150-400 cpu 20-90");
    }

    @Test
    void streamingSingleClockVersion2() throws Exception {
        Trace trace = read(nested(AndroidTraceWriter.streaming(2, Clock.WALL)).toBytes());
        assertThat(trace.metadata().version()).isEqualTo(2);
        assertThat(trace.metadata().clock()).isEqualTo(Clock.WALL);
        assertThat(trace.warnings()).isEmpty();
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500", "  load 150-400");
    }

    @Test
    void art14ChunkedStreamingKeepsEachThreadsOrder() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).artRelease(14).chunked(3)
                .thread(1, "main").thread(2, "worker");
        for (int m = 0; m < 4; m++) {
            w.method(m * 4L, "a.B", "m" + m, "()V", "B.java");
        }
        for (int i = 0; i < 5; i++) {
            long t = i * 100L;
            w.enter(1, 0, t, t).enter(2, 4, t + 1, t).enter(1, 8, t + 2, t).exit(2, 4, t + 3, t)
                    .exit(1, 8, t + 4, t).enter(2, 12, t + 5, t).exit(1, 0, t + 6, t).exit(2, 12, t + 7, t);
        }
        Trace trace = read(w.toBytes());
        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.methods().definedCount()).isEqualTo(4);
        List<String> main = calls(trace, "main");
        assertThat(main).hasSize(10).startsWith("m0 0-6 cpu 0-0", "  m2 2-4 cpu 0-0", "m0 100-106 cpu 100-100");
        assertThat(calls(trace, "worker")).hasSize(10).startsWith("m1 1-3 cpu 0-0", "m3 5-7 cpu 0-0");
        assertThat(thread(trace, "main").records()).isEqualTo(20);
    }

    @Test
    void streamingWithoutSummaryInfersDualAndWarns() throws Exception {
        Trace trace = read(nested(AndroidTraceWriter.streaming(3, Clock.DUAL)).withoutSummary().toBytes());
        assertThat(trace.metadata().clock()).isEqualTo(Clock.DUAL);
        assertThat(trace.warnings()).first().asString().contains("no summary").contains("dual");
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500 cpu 10-120", "  load 150-400 cpu 20-90");
    }

    @Test
    void streamingProxyIdTakesTheNameAtIdPlusFour() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.streaming(3, Clock.DUAL).thread(3, "main")
                .method(0x14, "com.sun.jna.Library", "call", "()V", null).announceMethod(0x14);
        Trace trace = read(w.enter(3, 0x10, 1, 1).exit(3, 0x10, 2, 2).toBytes());
        assertThat(calls(trace, "main")).containsExactly("call 1-2 cpu 1-2");
        assertThat(trace.methods().definedCount()).isEqualTo(1);
        assertThat(trace.warnings()).singleElement().asString().contains("1 method id never defined")
                .contains("id+4");
    }

    @Test
    void wallClockWrapAroundIsExtendedPerThread() throws Exception {
        long wrap = 1L << 32;
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").thread(2, "other")
                .method(4, "a.B", "c", "()V", "B.java");
        w.enter(1, 4, wrap - 10, 1).enter(2, 4, 5, 1).exit(1, 4, wrap + 20, 2).exit(2, 4, 6, 2)
                .enter(1, 4, wrap + 30, 3).exit(1, 4, wrap + 40, 4);
        Trace trace = read(w.toBytes());
        assertThat(calls(trace, "main")).containsExactly("c " + (wrap - 10) + "-" + (wrap + 20) + " cpu 1-2",
                "c " + (wrap + 30) + "-" + (wrap + 40) + " cpu 3-4");
        assertThat(calls(trace, "other")).containsExactly("c 5-6 cpu 1-2");
        assertThat(trace.warnings()).containsExactly(
                "main: 1 32-bit microsecond clock wrap-around; times extended");
    }

    @Test
    void gzipIsInflatedByTraceFiles() throws Exception {
        byte[] plain = nested(AndroidTraceWriter.legacy(3, Clock.DUAL)).toBytes();
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(plain);
        }
        Trace trace = read(gz.toByteArray());
        assertThat(calls(trace, "main")).containsExactly("onCreate 100-500 cpu 10-120", "  load 150-400 cpu 20-90");
    }

    @Test
    void reportsProgressAndHonoursCancel() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main")
                .method(4, "a.B", "c", "()V", "B.java");
        for (int i = 0; i < 100_000; i++) {
            w.enter(1, 4, i, i).exit(1, 4, i, i);
        }
        byte[] bytes = w.toBytes();
        List<Long> updates = new ArrayList<>();
        Trace trace = TraceFiles.read("big.trace", ByteBuffer.wrap(bytes), (done, total) -> updates.add(done));
        assertThat(trace.callCount()).isEqualTo(100_000);
        assertThat(updates).hasSizeGreaterThanOrEqualTo(3).isSorted();
        assertThat(updates.get(updates.size() - 1)).isLessThanOrEqualTo(bytes.length);

        Progress cancelled = new Progress() {
            @Override
            public void update(long done, long total) {
            }

            @Override
            public boolean isCancelled() {
                return true;
            }
        };
        assertThatThrownBy(() -> TraceFiles.read("big.trace", ByteBuffer.wrap(bytes), cancelled))
                .isInstanceOf(CancellationException.class);
    }

    @Test
    void callTableIsRightSizedAt19BytesPerDualClockCall() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main")
                .method(4, "a.B", "c", "()V", "B.java");
        for (int i = 0; i < 1000; i++) {
            w.enter(1, 4, i, i).exit(1, 4, i, i);
        }
        CallTable calls = read(w.toBytes()).threads().get(0).calls();
        assertThat(calls.byteSize()).isEqualTo(19L * 1000);
    }
}
