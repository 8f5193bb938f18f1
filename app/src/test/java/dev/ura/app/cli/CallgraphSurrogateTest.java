package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23 items 12/13: a method name holding a lone surrogate (the JSON escape {@code \ud800}
 * with no low half) cannot be encoded as UTF-8; Files.newBufferedWriter refused the whole file
 * ("cannot write o.dot: Input length = 1"). The DOT file is written with U+FFFD in its place.
 */
class CallgraphSurrogateTest {
    @TempDir
    Path dir;

    @Test
    void aLoneSurrogateIsReplacedNotAFailure() throws Exception {
        Path log = Files.writeString(dir.resolve("s.jsonl"), String.join("\n",
                "{\"kind\":\"META\",\"version\":1,\"app\":\"x\"}",
                "{\"tid\":1,\"kind\":\"THREAD\",\"name\":\"main\",\"main\":true}",
                "{\"ts\":1000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"B\",\"name\":\"a.B.run\"}",
                "{\"ts\":2000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"B\",\"name\":\"a.B.c\\ud800x\"}",
                "{\"ts\":3000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"E\"}",
                "{\"ts\":4000,\"tid\":1,\"kind\":\"METHOD\",\"ph\":\"E\"}") + "\n");
        Path dot = dir.resolve("o.dot");
        StringWriter err = new StringWriter();
        int code = UraCommand.run(new String[]{"callgraph", log.toString(), "-o", dot.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        String text = Files.readString(dot, StandardCharsets.UTF_8); // strict: fails on malformed UTF-8
        assertThat(text).contains("a.B.c\uFFFDx").contains("a.B.run");
    }
}
