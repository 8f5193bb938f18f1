package dev.ura.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The run the installed launcher's class-data-sharing archive is made from ({@code train.sh}:
 * {@code java -XX:ArchiveClassesAtExit=ura.jsa -cp ura.jar dev.ura.app.cli.ClassDataTraining
 * TRACE}): the commands people run most, one after another in one JVM, so the archive holds the
 * classes of each (parsed, verified, with their lambda classes) and none of them starts by loading
 * them from the jar. An archive made from {@code analyze} alone left out the streaming pass of
 * {@code info} and {@code profile}. Not a user command: output goes where the caller sends
 * standard output (train.sh sends it to /dev/null).
 */
public final class ClassDataTraining {
    private ClassDataTraining() {
    }

    /** The command lines run on {@code trace}, a bundled method trace; {@code png} is a scratch file. */
    static List<String[]> commands(String trace, String png) {
        return List.of(
                new String[]{"info", trace},
                new String[]{"info", trace, "--json"},
                new String[]{"profile", trace},
                new String[]{"profile", trace, "--json"},
                new String[]{"analyze", trace},
                new String[]{"analyze", trace, "--json"},
                new String[]{"callgraph", trace},
                new String[]{"export-png", trace, "-o", png});
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ClassDataTraining TRACE");
            System.exit(UraCommand.EXIT_USAGE);
        }
        Path scratch = Files.createTempDirectory("ura-training-");
        Path png = scratch.resolve("training.png");
        int worst = UraCommand.EXIT_OK;
        try {
            for (String[] command : commands(args[0], png.toString())) {
                int code = UraCommand.run(command);
                if (code != UraCommand.EXIT_OK) {
                    System.err.println("ura training: '" + String.join(" ", command) + "' exited " + code);
                    worst = UraCommand.EXIT_BAD_INPUT;
                }
            }
        } finally {
            Files.deleteIfExists(png);
            Files.deleteIfExists(scratch);
        }
        System.out.flush();
        System.exit(worst);
    }
}
