package dev.ura.app.cli;

import dev.ura.trace.android.MethodTraceSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ura info FILE [--json]}: what the file is. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "What the file is: format, clock, threads, methods, records, duration, warnings.")
final class InfoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
    boolean json;

    @Option(names = "--full-read", hidden = true,
            description = "Build the whole trace model (as the window does) instead of one streaming pass.")
    boolean fullRead;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return print(file, json, fullRead, spec.commandLine().getOut());
    }

    private static int print(Path file, boolean json, boolean fullRead, PrintWriter out) throws Exception {
        MethodTraceSummary summary = fullRead ? null : TraceLoading.scan(file, NoCalls.VISITORS);
        TraceInfo info = summary != null ? TraceInfo.of(file.toString(), summary)
                : TraceInfo.of(file.toString(), TraceLoading.load(file));
        if (json) {
            Json.print(out, info);
        } else {
            info.printText(out);
        }
        return UraCommand.EXIT_OK;
    }

    /**
     * {@code ura info FILE} and {@code ura info FILE --json} (either order) as picocli would run
     * them, without picocli: building its model of the command line loads about 700 classes, 70 ms
     * of a 0.2 s start on a small file. {@code null} for anything else (help, {@code --debug},
     * {@code --full-read}, {@code @argfiles}, a FILE that starts with {@code -} or is empty or no
     * path), which picocli parses as before.
     */
    static Plain plain(String[] args) {
        if (args.length < 2 || args.length > 3 || !args[0].equals("info")) {
            return null;
        }
        String file = null;
        boolean json = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--json") && !json) {
                json = true;
            } else if (file == null && !a.isEmpty() && a.charAt(0) != '-' && a.charAt(0) != '@' && a.indexOf('\0') < 0) {
                file = a;
            } else {
                return null;
            }
        }
        if (file == null) {
            return null;
        }
        try {
            return new Plain(Path.of(file), json);
        } catch (java.nio.file.InvalidPathException e) {
            return null; // picocli says what is wrong with it
        }
    }

    /** A plain {@code info FILE [--json]}; failures reported as {@link FailureHandler} reports them. */
    record Plain(Path file, boolean json) {
        int run(PrintWriter out, PrintWriter err) {
            try {
                return print(file, json, false, out);
            } catch (Exception e) {
                return FailureHandler.report(e, false, err);
            }
        }
    }
}
