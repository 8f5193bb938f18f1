package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.ProfileAnalyzer;
import dev.ura.app.analysis.profile.ProfileRow;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.pvtrace.PvtraceReader;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real {@code -finstrument-functions} output: compiles a small C (and C++) program with gcc and an
 * instrument file written here, runs it, reads its trace and checks the call graph exactly.
 * Skipped when gcc / g++ is not installed.
 */
class InstrumentedProgramTest {
    private static final String PROGRAM = """
            static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
            static volatile int sink;
            static void leaf(void) { sink++; }
            static void work(void) { leaf(); leaf(); }
            int main(void) {
                for (int i = 0; i < 3; i++) work();
                return fact(5) == 120 ? 0 : 1;
            }
            """;

    /** The extended form: module line (PIE load base), thread id and monotonic ns per event. */
    private static final String EXTENDED_HOOKS = """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <time.h>
            #include <unistd.h>
            #include <sys/syscall.h>
            #define NOI __attribute__((no_instrument_function))
            static FILE *fp;
            NOI static long long now_ns(void) {
                struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
                return ts.tv_sec * 1000000000LL + ts.tv_nsec;
            }
            NOI __attribute__((constructor)) static void trace_begin(void) {
                fp = fopen(getenv("URA_TRACE_OUT"), "w");
                char exe[4096]; ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
                exe[n > 0 ? n : 0] = 0;
                Dl_info info; dladdr((void *) trace_begin, &info);
                fprintf(fp, "# module %p %s\\n", info.dli_fbase, exe);
            }
            NOI __attribute__((destructor)) static void trace_end(void) { if (fp) fclose(fp); fp = NULL; }
            NOI void __cyg_profile_func_enter(void *fn, void *site) {
                if (fp) fprintf(fp, "E %p %p %ld %lld\\n", fn, site, (long) syscall(SYS_gettid), now_ns());
            }
            NOI void __cyg_profile_func_exit(void *fn, void *site) {
                if (fp) fprintf(fp, "X %p %p %ld %lld\\n", fn, site, (long) syscall(SYS_gettid), now_ns());
            }
            """;

    /** pvtrace's instrument.c, as published: address only, no times. */
    private static final String PVTRACE_HOOKS = """
            #include <stdio.h>
            #include <stdlib.h>
            #define NOI __attribute__((no_instrument_function))
            static FILE *fp;
            NOI __attribute__((constructor)) static void main_constructor(void) { fp = fopen(getenv("URA_TRACE_OUT"), "w"); }
            NOI __attribute__((destructor)) static void main_destructor(void) { fclose(fp); }
            NOI void __cyg_profile_func_enter(void *this, void *callsite) { fprintf(fp, "E%p\\n", (int *) this); }
            NOI void __cyg_profile_func_exit(void *this, void *callsite) { fprintf(fp, "X%p\\n", (int *) this); }
            """;

    @TempDir
    Path dir;

    @Test
    void pieProgramWithModuleLineAndTimestamps() throws Exception {
        Path trace = build("gcc", "prog.c", PROGRAM, EXTENDED_HOOKS, List.of("-pie", "-fPIE"));
        Trace t = TraceFiles.read(trace);
        assertThat(t.metadata().variant()).isEqualTo("extended");
        assertThat(t.warnings()).isEmpty();
        CallGraph g = new CallGraphAnalyzer(t).analyze(CallScope.all(), CallGraphFilter.none());
        assertThat(CallGraphAnalyzerTest.edges(g)).extractingFromEntries(e -> e.getKey() + " " + e.getValue().split("/")[0])
                .containsExactlyInAnyOrder("main -> work 3", "work -> leaf 6", "main -> fact 1", "fact -> fact 4");
        ProfileRow fact = row(new ProfileAnalyzer(t).flat(CallScope.all()).rows(), "fact");
        assertThat(fact.calls()).isEqualTo(5);
        assertThat(fact.minNs()).isPositive();
        assertThat(t.methods().all()).filteredOn(m -> m.name().equals("leaf")).singleElement()
                .satisfies(m -> assertThat(m.sourceFile()).endsWith("prog.c"));
    }

    @Test
    void pvtraceOutputOfANonPieProgramInEventOrder() throws Exception {
        Path trace = build("gcc", "prog.c", PROGRAM, PVTRACE_HOOKS, List.of("-no-pie", "-fno-pie"));
        String text = Files.readString(trace);
        assertThat(text).startsWith("E0x");
        Trace t = new PvtraceReader(new PvtraceReader.Options(dir.resolve("prog"), 0, "addr2line"))
                .read(trace.toString(), ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)), Progress.NONE);
        assertThat(t.warnings()).containsExactly(PvtraceReader.NO_TIMESTAMPS);
        CallGraph g = new CallGraphAnalyzer(t).analyze(CallScope.all(), CallGraphFilter.none());
        assertThat(CallGraphAnalyzerTest.edges(g)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "main -> work", "3/15",          // each work(): 5 events (enter, 2x leaf in/out)
                "work -> leaf", "6/6",
                "main -> fact", "1/9",
                "fact -> fact", "4/16"));
        assertThat(g.eventOrder()).isTrue();
    }

    @Test
    void cppNamesAreDemangledAndSurviveDot() throws Exception {
        String cpp = """
                #include <vector>
                namespace ns { template <typename T> struct Box { T v; T get() const { return v; } }; }
                static int twice(int x) { return 2 * x; }
                int main() {
                    std::vector<ns::Box<int>> boxes{{1}, {2}};
                    auto f = [](const ns::Box<int>& b) { return twice(b.get()); };
                    int s = 0;
                    for (const auto& b : boxes) s += f(b);
                    return s == 6 ? 0 : 1;
                }
                """;
        Path trace = build("g++", "prog.cpp", cpp, EXTENDED_HOOKS.replace("#include <time.h>", "#include <time.h>\nextern \"C\" {")
                + "}\n", List.of("-pie", "-fPIE", "-finstrument-functions-exclude-file-list=/usr/include"));
        Trace t = TraceFiles.read(trace);
        CallGraph g = new CallGraphAnalyzer(t).analyze(CallScope.all(), CallGraphFilter.none());
        assertThat(CallGraphAnalyzerTest.edges(g).keySet())
                .anyMatch(k -> k.contains("ns::Box<int>::get() const"))
                .anyMatch(k -> k.contains("main::{lambda(ns::Box<int> const&)#1}::operator()"));
        GraphvizRunner dot = GraphvizRunner.standard();
        Assumptions.assumeTrue(dot.version() != null, "graphviz dot not installed");
        String svg = new String(dot.render(new DotWriter(g).toDot(), "svg"), StandardCharsets.UTF_8);
        assertThat(svg).contains("ns::Box&lt;int&gt;::get() const");
    }

    private static ProfileRow row(List<ProfileRow> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    /** Compiles {@code source} + hooks into {@code dir/prog}, runs it, returns the trace file. */
    private Path build(String compiler, String sourceName, String source, String hooks, List<String> flags)
            throws IOException, InterruptedException {
        Assumptions.assumeTrue(installed(compiler), compiler + " not installed");
        Path src = Files.writeString(dir.resolve(sourceName), source);
        Path hookSrc = Files.writeString(dir.resolve(compiler.equals("g++") ? "hooks.cpp" : "hooks.c"), hooks);
        Path exe = dir.resolve("prog");
        List<String> cmd = new ArrayList<>(List.of(compiler, "-O0", "-g", "-finstrument-functions"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-o", exe.toString(), src.toString(), hookSrc.toString(), "-ldl"));
        run(cmd, Map.of());
        Path trace = dir.resolve("trace.txt");
        run(List.of(exe.toString()), Map.of("URA_TRACE_OUT", trace.toString()));
        return trace;
    }

    private static boolean installed(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void run(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s: %s", cmd, out).isZero();
    }
}
