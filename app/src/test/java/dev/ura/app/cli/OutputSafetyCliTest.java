package dev.ura.app.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23, items 2, 3, 7 and 10: every {@code -o} goes through one writer that never loses the
 * user's previous file, never writes over what the command reads, never replaces a FIFO or device
 * and cleans what a killed write left.
 */
class OutputSafetyCliTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    private Path sample(Path where) throws IOException {
        return Files.write(where.resolve("news.trace"), dev.ura.samples.Samples.bytes("/samples/news-launch.trace"));
    }

    private static void assertOneLine(Result r, int code, String startsWith) {
        assertThat(r.code()).as(r.err()).isEqualTo(code);
        assertThat(r.err()).startsWith(startsWith).doesNotContain("internal error").doesNotContain("\tat ");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    private static void fill(Path folder) {
        // Fill the file system to the last block: every later write fails with ENOSPC.
        try (OutputStream o = Files.newOutputStream(folder.resolve("filler"))) {
            byte[] block = new byte[4096];
            while (true) {
                o.write(block);
            }
        } catch (IOException full) {
            // full now
        }
    }

    /**
     * Item 2: on a full disk (a real 256 KB tmpfs filled to the last block; needs root, skipped
     * elsewhere) every command's previous output stays as it was, and {@code report -o r.md} does
     * not delete the {@code r.png} beside it. Before the one writer, each of these files was
     * truncated, cut short and then deleted.
     */
    @Test
    void aFullDiskKeepsEveryPreviousOutput() throws Exception {
        Path trace = sample(dir);
        Path tiny = Files.createDirectory(dir.resolve("tiny"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", tiny.toString())
                .redirectErrorStream(true).start();
        mount.getInputStream().readAllBytes();
        Assumptions.assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs here (not root)");
        try {
            Map<String, List<String>> runs = Map.of(
                    "c.json", List.of("convert", trace.toString(), "--to", "chrome-json", "-o"),
                    "g.dot", List.of("callgraph", trace.toString(), "-o"),
                    "e.png", List.of("export-png", trace.toString(), "-o"),
                    "e.svg", List.of("export-png", trace.toString(), "-o"),
                    "r.html", List.of("report", trace.toString(), "-o"),
                    "r.md", List.of("report", trace.toString(), "-o"),
                    "b.ura.zip", List.of("report", trace.toString(), "-o"));
            for (String name : runs.keySet()) {
                Files.writeString(tiny.resolve(name), "previous " + name);
            }
            Files.writeString(tiny.resolve("r.png"), "previous r.png");
            fill(tiny);
            for (Map.Entry<String, List<String>> e : runs.entrySet()) {
                Path out = tiny.resolve(e.getKey());
                List<String> args = new java.util.ArrayList<>(e.getValue());
                args.add(out.toString());
                Result r = run(args.toArray(String[]::new));
                assertThat(r.code()).as("%s: %s", args, r.err()).isEqualTo(UraCommand.EXIT_BAD_INPUT);
                assertThat(r.err()).as(args.toString()).contains("cannot write ").contains("No space left on device");
                assertThat(r.err().strip().lines()).hasSize(1);
                assertThat(out).as("the previous %s", out).hasContent("previous " + e.getKey());
            }
            assertThat(tiny.resolve("r.png")).as("report -o r.md keeps r.png").hasContent("previous r.png");
            try (Stream<Path> left = Files.list(tiny)) {
                assertThat(left.map(p -> p.getFileName().toString())).as("no temporary is left")
                        .noneMatch(n -> n.endsWith(".tmp"));
            }
        } finally {
            Process umount = new ProcessBuilder("umount", tiny.toString()).redirectErrorStream(true).start();
            String out = new String(umount.getInputStream().readAllBytes());
            assertThat(umount.waitFor()).as("umount: %s", out).isZero();
        }
    }

    /** Item 3: an output that is the input, its sidecar, or the input under another name is exit 2, and nothing changes. */
    @Test
    void anOutputOverAnInputIsRefused() throws Exception {
        Path trace = sample(dir);
        byte[] before = Files.readAllBytes(trace);
        Path sidecar = Files.writeString(dir.resolve("news.trace.ura.json"), "{\"annotations\": []}");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), trace.getFileName());
        Path hard = Files.createLink(dir.resolve("hard.json"), trace);
        String dotted = dir.resolve("sub/../news.trace").toString();
        Files.createDirectory(dir.resolve("sub"));
        for (String[] args : List.of(
                new String[]{"convert", trace.toString(), "--to", "chrome-json", "-o", trace.toString()},
                new String[]{"convert", trace.toString(), "--to", "chrome-json", "-o", dotted},
                new String[]{"convert", trace.toString(), "--to", "chrome-json", "-o", link.toString()},
                new String[]{"convert", trace.toString(), "--to", "chrome-json", "-o", hard.toString()},
                new String[]{"callgraph", trace.toString(), "-o", trace.toString()},
                new String[]{"export-png", trace.toString(), "-o", sidecar.toString()},
                new String[]{"report", trace.toString(), "-o", trace.toString() + ".ura.zip.md"},
                new String[]{"report", trace.toString(), "-o", dir.resolve("news.md").toString()})) {
            String out = args[args.length - 1];
            if (out.endsWith(".md")) {
                // report -o X.md writes X.png beside it: X.png being the trace is refused as well
                Path png = Path.of(out.substring(0, out.length() - 3) + ".png");
                Files.deleteIfExists(png);
                Files.createSymbolicLink(png, trace.getFileName());
            }
            Result r = run(args);
            assertOneLine(r, UraCommand.EXIT_USAGE, "ura: " + args[0] + ": -o ");
            assertThat(r.err()).contains("refusing to overwrite it");
        }
        assertThat(Files.readAllBytes(trace)).isEqualTo(before);
        assertThat(sidecar).hasContent("{\"annotations\": []}");
        assertThat(dir.resolve("news.md")).doesNotExist();
    }

    /** Item 7: a bundle is written through a symbolic link (the link stays); a FIFO or device is refused and left. */
    @Test
    void aLinkIsWrittenThroughAndAFifoIsNotReplaced() throws Exception {
        Path trace = sample(dir);
        Path real = Files.writeString(Files.createDirectory(dir.resolve("store")).resolve("real.ura.zip"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("x.ura.zip"), Path.of("store/real.ura.zip"));
        Result r = run("report", trace.toString(), "-o", link.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).as("the link stays").isTrue();
        assertThat(Files.size(real)).as("its target holds the bundle").isGreaterThan(1000);

        Path fifo = dir.resolve("f.ura.zip");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        Result f = run("report", trace.toString(), "-o", fifo.toString());
        assertOneLine(f, UraCommand.EXIT_BAD_INPUT, "ura: report: cannot write " + fifo + ": not a regular file; not replaced");
        assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).as("the FIFO is still a FIFO").isFalse();
        assertThat(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS)).isTrue();

        Path toDevice = Files.createSymbolicLink(dir.resolve("null.png"), Path.of("/dev/null"));
        assertOneLine(run("export-png", trace.toString(), "-o", toDevice.toString()), UraCommand.EXIT_BAD_INPUT,
                "ura: export-png: cannot write " + toDevice + ": not a regular file; not replaced");
    }

    /**
     * Item 10: a bundle write killed with {@code kill -9} left {@code .X.ura.zip….tmp} (the old
     * writer's {@code createTempFile} name, judged by age) or, now, {@code .X.ura.zip.PID.R.tmp}
     * (judged by its dead pid); the next write of X removes both and leaves others' files alone.
     */
    @Test
    void aKilledBundleWritesTemporariesAreCleanedByTheNextWrite() throws Exception {
        Path trace = sample(dir);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path oldStyle = Files.writeString(dir.resolve(".x.ura.zip8412337601339871.tmp"), "half a zip");
        Files.setLastModifiedTime(oldStyle, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        Path dead = Files.writeString(dir.resolve(".x.ura.zip." + gone.pid() + ".5eed.tmp"), "half a zip");
        Path live = Files.writeString(dir.resolve(".x.ura.zip." + ProcessHandle.current().parent().orElseThrow().pid()
                + ".5eed.tmp"), "a live writer's");
        Path other = Files.writeString(dir.resolve(".y.ura.zip." + gone.pid() + ".5eed.tmp"), "another file's");
        Result r = run("report", trace.toString(), "-o", dir.resolve("x.ura.zip").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(oldStyle).doesNotExist();
        assertThat(dead).doesNotExist();
        assertThat(live).as("a running process's temporary is kept").exists();
        assertThat(other).as("another target's temporary is not this write's business").exists();
    }
}
