package dev.ura.app.cli;

import dev.ura.trace.util.OneLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The top-level command. Scripts depend on its contract ({@code docs/cli.md}): exit 0
 * success, 1 bad input (one line on stderr), 2 bad usage, 3 a regression found.
 */
@Command(name = "ura", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Screen-centric response-time explorer for Android method traces and agent logs.",
        footer = {"", "With no command, or with a FILE, ura opens the explorer window.",
                "Documentation: docs/cli.md (commands, JSON), docs/android-trace-format.md, docs/agent-log-v1.md,",
                "docs/android-method-rules.md and docs/perfetto-system-trace.md in the ura source tree."})
public final class UraCommand implements Runnable {
    /** Returned by {@link #run(String[])} when the window was opened and the JVM must stay up. */
    public static final int KEEP_RUNNING = Integer.MIN_VALUE;
    public static final int EXIT_OK = 0;
    public static final int EXIT_BAD_INPUT = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_REGRESSION = 3;

    /**
     * The commands, in help order. Added when the command line is built rather than listed in the
     * annotation, so that running one command builds picocli's model of that one only: the model of
     * all of them costs about 0.2 s of CPU at every start (reflection over every option).
     */
    static final List<Class<?>> COMMANDS = List.of(InfoCommand.class, AnalyzeCommand.class, CallgraphCommand.class,
            ProfileCommand.class, ConvertCommand.class, ExportPngCommand.class, ReportCommand.class,
            RegressCommand.class, DiffCommand.class, RecordCommand.class, BatchCommand.class, StoreCommand.class);

    /**
     * The commands' names, in the order of {@link #COMMANDS} (a test checks them against the
     * annotations): finding the command run by name, rather than by reading every command's
     * annotation, keeps the other command classes from being loaded and verified at all.
     */
    static final List<String> COMMAND_NAMES = List.of("info", "analyze", "callgraph", "profile", "convert", "export-png",
            "report", "regress", "diff", "record", "batch", "store");

    @Option(names = "--debug", description = "Print stack traces of failures.", scope = CommandLine.ScopeType.INHERIT)
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line and returns the exit status (or {@link #KEEP_RUNNING}). */
    public static int run(String[] args) {
        return run(args, NO_EXTRA_COMMANDS);
    }

    /**
     * Runs the command line with commands added by {@code extraCommands} (which gets the built
     * {@link CommandLine} before it parses), for a program that embeds ura's commands and adds its
     * own: the benchmarks' {@code ura-bench.jar} adds {@code bench} this way.
     */
    public static int run(String[] args, Consumer<CommandLine> extraCommands) {
        stdout = StdoutSink.ofProcess();
        return run(args, StdoutSink.writer(stdout), new PrintWriter(System.err, true), extraCommands);
    }

    /** No commands beyond ura's own. */
    public static final Consumer<CommandLine> NO_EXTRA_COMMANDS = cl -> { };

    /** The process's standard output when run from {@code main}, so a write failure can be named. */
    private static StdoutSink stdout;

    /** Runs with explicit output streams (tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, NO_EXTRA_COMMANDS);
    }

    /** Runs with explicit output streams and extra commands (tests of programs that add commands). */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Consumer<CommandLine> extraCommands) {
        InfoCommand.Plain info = InfoCommand.plain(args);
        CommandLine cl = info != null ? null : commandLine(out, err, args.length == 0 ? null : args[0], extraCommands);
        if (cl != null && opensWindow(cl, args)) {
            return WindowLauncher.launch(args.length == 0 ? null : Path.of(args[0]), err);
        }
        try {
            int code = info != null ? info.run(out, err) : cl.execute(args);
            return outputWritten(out, err) ? code : EXIT_BAD_INPUT;
        } catch (OutOfMemoryError e) {
            // A legitimately huge input: say which and what to do instead of dumping a stack trace.
            String input = TraceLoading.lastInput(args);
            err.printf("ura: %snot enough memory for this input (max heap %d MB); run java with a larger -Xmx%n",
                    input == null ? "" : OneLine.of(input) + ": ", Runtime.getRuntime().maxMemory() >> 20);
            err.flush();
            return EXIT_BAD_INPUT;
        }
    }

    /**
     * Whether everything printed reached standard output. A PrintWriter (and System.out) swallows
     * write errors, so a full disk would otherwise end in exit 0 with a cut file.
     */
    static boolean outputWritten(PrintWriter out, PrintWriter err) {
        if (!out.checkError()) {
            return true;
        }
        StdoutSink sink = stdout;
        if (sink != null && sink.brokenPipe()) {
            return false; // the reader stopped reading (| head): quiet, as a SIGPIPE would be
        }
        err.println("ura: cannot write to standard output (" + (sink != null && sink.failure() != null
                ? OneLine.of(sink.failure()) : "disk full, or the reader went away") + "); the output is incomplete");
        err.flush();
        return false;
    }

    /** The configured picocli command line. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, null, NO_EXTRA_COMMANDS);
    }

    /**
     * The command line with only the command named {@code first} when it is one (the first
     * argument), else with every command (help, suggestions, the window's file argument).
     */
    private static CommandLine commandLine(PrintWriter out, PrintWriter err, String first,
                                           Consumer<CommandLine> extraCommands) {
        CommandLine cl = new CommandLine(new UraCommand());
        int one = first == null ? -1 : COMMAND_NAMES.indexOf(first); // List.of(...).indexOf(null) throws
        for (int i = 0; i < COMMANDS.size(); i++) {
            if (one < 0 || i == one) {
                cl.addSubcommand(newCommand(COMMANDS.get(i)));
            }
        }
        // Before the settings below, which picocli applies to the subcommands present at the time.
        extraCommands.accept(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(t -> t instanceof CommandLine.ParameterException ? EXIT_USAGE : EXIT_BAD_INPUT);
        // picocli's own handler leaves the usage out when it has a suggestion ("did you mean --from"):
        // bad usage always shows the usage.
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            if (ex.getMessage() != null && ex.getMessage().startsWith("Invalid value for ")) {
                // a value that is not a number, or does not fit one (--width 99999999999, --from
                // beyond a long): one line naming the option, as every other bad number is
                e.println("ura: " + dev.ura.trace.util.OneLine.of(ex.getMessage()) + " (ura "
                        + ex.getCommandLine().getCommandName() + " --help shows the usage)");
                e.flush();
                return EXIT_USAGE;
            }
            e.println(ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, e);
            ex.getCommandLine().usage(e);
            e.flush();
            return EXIT_USAGE;
        });
        return cl;
    }

    private static Object newCommand(Class<?> type) {
        try {
            var constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the " + type.getSimpleName(), e);
        }
    }

    private static boolean opensWindow(CommandLine cl, String[] args) {
        if (args.length == 0) {
            return true;
        }
        if (args.length != 1) {
            return false;
        }
        Set<String> commands = cl.getSubcommands().keySet();
        String a = args[0];
        return !a.startsWith("-") && !commands.contains(a) && Files.exists(Path.of(a));
    }
}
