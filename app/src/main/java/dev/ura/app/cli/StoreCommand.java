package dev.ura.app.cli;

import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;
import dev.ura.app.store.StoreExport;
import dev.ura.app.store.StoreQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ura store export|sql DIR …}: the run store that {@code ura batch} fills (docs/store.md). */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Reads a run store made by ura batch: export it as Parquet, or ask it SQL.",
        subcommands = {StoreCommand.Export.class, StoreCommand.Sql.class})
final class StoreCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    static RunStore open(Path dir) throws CommandFailure {
        try {
            return RunStore.openForReading(dir);
        } catch (StoreException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Writes every table as Parquet, one folder per table, split Hive-style by tag"
                    + " (OUT/responses/tag_scenario=login/data_0.parquet).")
    static final class Export implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "The run store.")
        Path dir;

        @Option(names = "--parquet", required = true, paramLabel = "OUT", description = "A new folder for the files.")
        Path out;

        @Option(names = "--by", paramLabel = "KEY", description = "Split by this tag (repeatable, outermost first;"
                + " default: every tag key in the store, sorted; none: one file per table).")
        List<String> by = new ArrayList<>();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            try (RunStore store = open(dir)) {
                List<String> keys = StoreExport.toParquet(store, out, by);
                spec.commandLine().getOut().println(out + ": " + store.runCount() + " runs as Parquet"
                        + (keys.isEmpty() ? "" : ", split by " + String.join(", ", keys)));
                spec.commandLine().getOut().flush();
            } catch (StoreException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
            return UraCommand.EXIT_OK;
        }
    }

    @Command(name = "sql", mixinStandardHelpOptions = true,
            description = "Runs one SQL statement on the store (read-only) and prints the answer as a table.")
    static final class Sql implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "The run store.")
        Path dir;

        @Parameters(index = "1", paramLabel = "SQL", description = "e.g. \"SELECT file, duration_ns FROM runs JOIN"
                + " responses ON hash = run_hash\" (tables: docs/store.md).")
        String sql;

        @Option(names = "--json", description = "Print an array of objects, one per row.")
        boolean json;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            StoreQuery.Result result;
            try (RunStore store = open(dir)) {
                result = StoreQuery.run(store, sql);
            } catch (StoreException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
            SqlTable.print(spec.commandLine().getOut(), result, json);
            return UraCommand.EXIT_OK;
        }
    }
}
