package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every real trace of {@code shared/traces/android} against the counts of its README table. */
class RealAndroidTracesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // file, kind, version, clock, vm, threads with records, methods, records
            "ff-art-trace-regular.trace, legacy, 3, dual, art, 40, 2067, 13295",
            "ff-art-trace-streaming.trace, streaming, 3, dual, art, 52, 3963, 39377",
            "perflib-streaming.trace, streaming, 3, dual, art, 19, 2228, 44339",
            "perflib-char_2_bytes.trace, legacy, 3, dual, art, 17, 2507, 70341",
            "perflib-basic.trace, legacy, 3, dual, dalvik, 1, 7, 9",
            "perflib-basic-api10.trace, legacy, 1, thread-cpu, dalvik, 1, 7, 10",
            "perflib-exception.trace, legacy, 3, dual, dalvik, 1, 14, 23",
            "perflib-mismatched.trace, legacy, 3, dual, dalvik, 1, 8, 9",
            "perflib-basic-special_char.trace, legacy, 3, dual, dalvik, 0, 7, 0",
            "amp-legacy.trace, legacy, 3, dual, art, 6, 287, 16472",
            "jag-dmtrace.trace, legacy, 3, dual, dalvik, 1, 101, 4115",
            "burroak-dmtrace.trace, legacy, 3, dual, dalvik, 3, 1674, 26875",
            "sentry/api_21_missing_threads.trace, legacy, 3, dual, art, 17, 247, 788",
            "sentry/clock_dual.trace, legacy, 3, dual, art, 9, 143, 334",
            "sentry/methods.trace, legacy, 3, dual, art, 9, 143, 334",
            "sentry/method_id_max.trace, legacy, 3, dual, art, 9, 144, 334",
            "sentry/thread_id_max.trace, legacy, 3, dual, art, 9, 143, 334",
            "sentry/missing_internal_specto_thread.trace, legacy, 3, dual, art, 9, 143, 334",
            "sentry/non_ascii_characters_in_method_name.trace, legacy, 3, dual, art, 9, 143, 334",
            "sentry/blank_method_name.trace, legacy, 3, dual, art, 23, 361, 839",
            "sentry/minified.trace, legacy, 3, dual, art, 11, 85, 173",
            "sentry/data_file_overflow.trace, legacy, 3, dual, art, 6, 58, 70",
            "sentry/no_methods_no_records.trace, legacy, 3, dual, art, 0, 0, 0",
    })
    void opensWithTheReadmeCounts(String file, String kind, int version, String clock, String vm, int threads,
                                  int methods, long records) throws Exception {
        Path path = SharedFiles.require("traces/android/" + file);
        Trace trace = TraceFiles.read(path);
        assertThat(trace.metadata().format()).isEqualTo("android-trace");
        assertThat(trace.metadata().variant()).isEqualTo(kind);
        assertThat(trace.metadata().version()).isEqualTo(version);
        assertThat(trace.metadata().clock().label()).isEqualTo(clock);
        assertThat(trace.metadata().vm()).isEqualTo(vm);
        assertThat(trace.threads()).hasSize(threads);
        assertThat(trace.methods().definedCount()).isEqualTo(methods);
        assertThat(trace.records()).isEqualTo(records);
        assertThat(trace.threads().stream().mapToLong(ThreadTrack::records).sum()).isEqualTo(records);
        trace.threads().forEach(t -> assertWellFormed(t.calls()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "sentry/malformed.trace | at byte 11: key section has no \"*end\" line",
            "sentry/version_2.trace | at byte 16: no data header",
            "perflib-header.trace | at byte 561: data header has unknown version 25610",
    })
    void refusesHeaderOnlyFiles(String file, String message) {
        Path path = SharedFiles.require("traces/android/" + file);
        assertThatThrownBy(() -> TraceFiles.read(path)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith(path.toString()).hasMessageContaining(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ff-art-trace-regular.trace", "ff-art-trace-streaming.trace"})
    void readsGzipLikeThePlainFile(String file) throws Exception {
        Path path = SharedFiles.require("traces/android/" + file);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(path));
        }
        Trace plain = TraceFiles.read(path);
        Trace inflated = TraceFiles.read(file + ".gz", ByteBuffer.wrap(gz.toByteArray()), Progress.NONE);
        assertThat(inflated.records()).isEqualTo(plain.records());
        assertThat(inflated.callCount()).isEqualTo(plain.callCount());
        assertThat(inflated.warnings()).isEqualTo(plain.warnings());
    }

    /** Pre-order, depth steps of one, children inside their parent, ends never before starts. */
    static void assertWellFormed(CallTable c) {
        for (int i = 0; i < c.size(); i++) {
            assertThat(c.end(i)).isGreaterThanOrEqualTo(c.start(i));
            int p = c.parent(i);
            if (p < 0) {
                assertThat(c.depth(i)).isZero();
            } else {
                assertThat(c.depth(i)).isEqualTo(c.depth(p) + 1);
                assertThat(c.start(i)).isGreaterThanOrEqualTo(c.start(p));
                assertThat(c.end(i)).isLessThanOrEqualTo(c.end(p));
            }
            if (c.hasCpuTime()) {
                assertThat(c.cpuEnd(i)).isGreaterThanOrEqualTo(c.cpuStart(i));
            }
        }
    }
}
