package dev.ura.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@code ura info} and {@code ura profile} on a file twice, through the streaming pass and
 * with {@code --full-read} (the whole trace model, as before), and checks that exit status,
 * standard output and standard error are the same, byte for byte.
 */
public final class StreamingPassCheck {
    private StreamingPassCheck() {
    }

    /** The command lines compared for {@code file}; {@code thread} names a thread to profile alone, or null. */
    static List<String[]> commands(Path file, String thread) {
        String f = file.toString();
        List<String[]> all = new ArrayList<>(List.of(
                new String[]{"info", f},
                new String[]{"info", f, "--json"},
                new String[]{"profile", f, "--top", "0"},
                new String[]{"profile", f, "--json"},
                new String[]{"profile", f, "--csv", "--no-exclude-idle"},
                new String[]{"profile", f, "--no-exclude-idle", "--top", "3"},
                new String[]{"profile", f, "--thread", "no such thread"}));
        if (thread != null) {
            all.add(new String[]{"profile", f, "--thread", thread, "--json"});
            all.add(new String[]{"profile", f, "--thread", thread, "--no-exclude-idle"});
        }
        return all;
    }

    /** Asserts both paths print the same for every command; returns how many commands were compared. */
    public static int assertSameOutputs(Path file, String thread) {
        List<String[]> commands = commands(file, thread);
        for (String[] args : commands) {
            Result streamed = run(args);
            String[] full = new String[args.length + 1];
            System.arraycopy(args, 0, full, 0, args.length);
            full[args.length] = "--full-read";
            Result read = run(full);
            String what = String.join(" ", args);
            assertThat(streamed.err).as("stderr of " + what).isEqualTo(read.err);
            assertThat(streamed.out).as("stdout of " + what).isEqualTo(read.out);
            assertThat(streamed.code).as("exit status of " + what).isEqualTo(read.code);
        }
        return commands.size();
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }
}
