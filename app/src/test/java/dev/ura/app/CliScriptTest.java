package dev.ura.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code src/dist/linux/cli-script.sh} writes the image's {@code bin/ura-cli} (what /usr/bin/ura
 * links to) from jpackage's {@code ura.cfg}: run through a link from elsewhere, it must start the
 * image's own java with every option of the cfg, {@code $APPDIR} as the image's real lib/app (the
 * class-data-sharing archive is only mapped for the jar's exact path), and the user's arguments
 * untouched.
 */
class CliScriptTest {
    @Test
    void theScriptRunsTheImagesJavaWithTheCfgsOptionsAndTheArgumentsAsGiven(@TempDir Path dir) throws Exception {
        Path image = dir.resolve("opt/ura");
        Files.createDirectories(image.resolve("bin"));
        Files.createDirectories(image.resolve("lib/app"));
        Path java = image.resolve("lib/runtime/bin/java");
        Files.createDirectories(java.getParent());
        // a stand-in java that prints each argument on its own line
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(image.resolve("lib/app/ura.cfg"), String.join("\n",
                "[Application]",
                "app.classpath=$APPDIR/ura.jar",
                "app.mainclass=dev.ura.app.Main",
                "",
                "[JavaOptions]",
                "java-options=-Djpackage.app-version=0.1.0",
                "java-options=-XX:SharedArchiveFile=$APPDIR/ura.jsa",
                "java-options=-Dodd=a$b\"c`d\\e f",
                "") + "\n");
        run(List.of("bash", Path.of("src/dist/linux/cli-script.sh").toAbsolutePath().toString(), image.toString()));
        Path link = dir.resolve("usr/bin/ura");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, image.resolve("bin/ura-cli"));

        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        Files.createFile(cwd.resolve("-XX:CompileCommand=CompileThresholdScaling,dev.ura.x::y,0.2"));
        String out = run(List.of(link.toString(), "info", "my trace.trace", "$HOME", "`x`"), cwd);

        String real = image.toRealPath().toString();
        // info is a short command: the client compiler only and the serial collector with a small young
        // generation and heap, after the cfg's options (so -XX:-UseParallelGC undoes the cfg's collector)
        assertThat(out.lines().toList()).containsExactly(
                "[-Djpackage.app-version=0.1.0]",
                "[-XX:SharedArchiveFile=" + real + "/lib/app/ura.jsa]",
                "[-Dodd=a$b\"c`d\\e f]",
                "[-XX:TieredStopAtLevel=1]", "[-XX:-UseParallelGC]", "[-XX:+UseSerialGC]", "[-Xms16m]", "[-XX:NewSize=2m]",
                "[-XX:NewRatio=8]",
                "[-XX:MinHeapFreeRatio=10]", "[-XX:MaxHeapFreeRatio=20]",
                // ura's own methods compiled at the JVM's counts (5 x 0.2), the pattern as written
                // even where a file matches it (pathname expansion off)
                "[-XX:CompileCommand=quiet]", "[-XX:CompileCommand=CompileThresholdScaling,dev.ura.*::*,0.2]",
                // and its own, smaller class-data-sharing archive, after the cfg's (the last one counts)
                "[-XX:SharedArchiveFile=" + real + "/lib/app/ura-info.jsa]",
                "[-cp]",
                "[" + real + "/lib/app/ura.jar]",
                "[dev.ura.app.Main]",
                "[info]", "[my trace.trace]", "[$HOME]", "[`x`]");
        assertThat(run(List.of(link.toString(), "analyze", "t.trace")).lines().toList())
                .contains("[-XX:TieredStopAtLevel=1]", "[-Xms16m]")
                .doesNotContain("[-XX:+UseSerialGC]", "[-XX:SharedArchiveFile=" + real + "/lib/app/ura-info.jsa]");
        // every other command, and the window (no command, or a file), keeps the cfg's options alone
        for (List<String> args : List.of(List.of("profile", "t.trace"), List.of("t.trace"), List.<String>of(),
                List.of("--info"))) {
            List<String> command = new java.util.ArrayList<>(List.of(link.toString()));
            command.addAll(args);
            assertThat(run(command).lines().toList()).as(args.toString())
                    .doesNotContain("[-XX:TieredStopAtLevel=1]", "[-Xms16m]", "[-XX:+UseSerialGC]",
                            "[-XX:SharedArchiveFile=" + real + "/lib/app/ura-info.jsa]")
                    .startsWith("[-Djpackage.app-version=0.1.0]");
        }
    }

    private static String run(List<String> command) throws Exception {
        return run(command, null);
    }

    private static String run(List<String> command, Path cwd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
