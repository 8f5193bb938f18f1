package dev.ura.app.cli;

import dev.ura.app.analysis.callgraph.CallGraph;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.callgraph.CallGraphFilter;
import dev.ura.app.analysis.callgraph.DotWriter;
import dev.ura.trace.model.Trace;
import dev.ura.app.report.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ura callgraph FILE [--thread NAME] [--min-calls N] [--min-time MS] [--from NS --to NS] -o OUT.dot}. */
@Command(name = "callgraph", mixinStandardHelpOptions = true,
        description = "Caller -> callee graph with call counts and inclusive time, as Graphviz DOT.")
final class CallgraphCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file.")
    Path file;

    @Mixin
    ScopeOptions scope;

    @Option(names = "--min-calls", paramLabel = "N", defaultValue = "0", description = "Drop edges with fewer calls.")
    long minCalls;

    @Option(names = "--min-time", paramLabel = "MS", defaultValue = "0",
            description = "Drop edges with less inclusive time (milliseconds, fractions allowed).")
    double minTimeMs;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.dot", description = "Where to write the DOT (default: stdout).")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (minCalls < 0 || minTimeMs < 0 || !Double.isFinite(minTimeMs)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--min-calls and --min-time must not be negative");
        }
        boolean toFile = output != null && !output.toString().equals("-");
        if (toFile) {
            OutputChecks.notAnInput("callgraph", output, file);
        }
        Trace trace = TraceLoading.load(file);
        CallGraphFilter filter = new CallGraphFilter(minCalls, Math.round(minTimeMs * 1e6));
        CallGraph graph = TraceSession.callGraph(trace, scope.scope(trace), filter);
        DotWriter dot = new DotWriter(graph);
        PrintWriter out = spec.commandLine().getOut();
        if (!toFile) {
            dot.write(out);
            out.flush();
        } else {
            try {
                OutputFile.writeText(output, dot::write);
            } catch (IOException e) {
                throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
            }
            out.printf("%s: %d methods, %d caller -> callee edges (%d below the filters)%n", output,
                    graph.graph().vertexSet().size(), graph.graph().edgeSet().size(), graph.droppedEdges());
            out.flush();
        }
        return UraCommand.EXIT_OK;
    }
}
