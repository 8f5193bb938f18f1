package dev.ura.app.cli;

import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input through the CLI: exit 1, exactly one line on stderr naming the file, no stack trace. */
class MalformedInputCliTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyMalformedFileIsOneLineAndExit1() throws IOException {
        List<Path> files = new ArrayList<>(writeBadFiles());
        Path root = SharedFiles.root().resolve("traces/android");
        if (Files.isDirectory(root)) {
            InfoGoldenTest.MALFORMED.forEach(rel -> files.add(root.resolve(rel)));
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            for (String[] args : List.of(new String[]{"info", f.toString()}, new String[]{"info", f.toString(), "--json"})) {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
                assertThat(code).isEqualTo(UraCommand.EXIT_BAD_INPUT);
                assertThat(out.toString()).isEmpty();
                String message = err.toString();
                assertThat(message).startsWith("ura: " + f).endsWith(System.lineSeparator())
                        .doesNotContain("\tat ").doesNotContain("Exception");
                assertThat(message.strip().lines()).hasSize(1);
            }
        }));
    }

    private List<Path> writeBadFiles() throws IOException {
        byte[] valid = AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").method(4, "a.B", "c", "()V", "B.java")
                .enter(1, 4, 1, 1).exit(1, 4, 2, 2).toBytes();
        int end = new String(valid, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("*end\n") + 5;
        byte[] v2 = new byte[64];
        ByteBuffer.wrap(v2).order(ByteOrder.LITTLE_ENDIAN).putInt(0x574F4C53).putShort((short) 0xF5);
        byte[] random = new byte[4096];
        new Random(1).nextBytes(random);
        List<Path> files = new ArrayList<>();
        files.add(write("empty.trace", new byte[0]));
        files.add(write("random.bin", random));
        files.add(write("truncated-key-section.trace", Arrays.copyOf(valid, end - 3)));
        files.add(write("truncated-data-header.trace", Arrays.copyOf(valid, end + 9)));
        files.add(write("version-mismatch.trace", AndroidTraceWriter.legacy(3, Clock.DUAL).dataHeaderVersion(1).toBytes()));
        files.add(write("v2-format.trace", v2));
        files.add(write("text.txt", "just some text\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        files.add(dir.resolve("does-not-exist.trace"));
        return files;
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }
}
