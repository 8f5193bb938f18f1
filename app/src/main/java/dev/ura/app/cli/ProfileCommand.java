package dev.ura.app.cli;

import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.StreamingProfile;
import dev.ura.trace.android.MethodTraceSummary;
import dev.ura.app.analysis.TraceSession;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ura profile FILE [--thread NAME] [--json|--csv]}: per method (or named block) totals. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Per method (or named block): calls, inclusive, exclusive, min, max, mean.")
final class ProfileCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (method trace, Chrome JSON, checkpoint CSV, ...).")
    Path file;

    @Mixin
    ScopeOptions scope;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
        boolean json;

        @Option(names = "--csv", description = "Print CSV: name,signature,calls,inclusive_ns,exclusive_ns,min_ns,max_ns,mean_ns.")
        boolean csv;
    }

    @Option(names = "--top", paramLabel = "N", defaultValue = "50",
            description = "Rows in the text table (0 = all; JSON and CSV always have all). Default ${DEFAULT-VALUE}.")
    int top;

    @Option(names = "--full-read", hidden = true,
            description = "Build the whole trace model (as the window does) instead of one streaming pass.")
    boolean fullRead;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (top < 0) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--top must be 0 or more, got " + top);
        }
        Profile profile = null;
        List<String> warnings = null;
        if (!fullRead && scope.unbounded()) {
            StreamingProfile streaming = new StreamingProfile(!scope.excludeIdle, scope.thread != null);
            MethodTraceSummary summary = TraceLoading.scan(file, streaming);
            if (summary == null && streaming.needsThreadSums()) {
                streaming = new StreamingProfile(!scope.excludeIdle, true);
                summary = TraceLoading.scan(file, streaming);
            }
            if (summary != null) {
                profile = streaming.profile(summary, scope.scope(summary));
                warnings = summary.warnings();
            }
        }
        if (profile == null) {
            Trace trace = TraceLoading.load(file);
            profile = TraceSession.flatProfile(trace, scope.scope(trace));
            warnings = trace.warnings();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format.json) {
            Json.print(out, ProfileJson.of(file.toString(), profile));
        } else if (format.csv) {
            ProfileText.csv(out, profile);
        } else {
            ProfileText.table(out, file.toString(), profile, top, warnings);
        }
        out.flush();
        return UraCommand.EXIT_OK;
    }
}
