package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.model.DurationText;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes a {@link CallGraph} as Graphviz DOT. Node ids are the method names, quoted and escaped
 * ({@code "} and {@code \} get a backslash, line breaks become {@code \n}), so C++ templates,
 * {@code $}, {@code <init>}, lambdas and odd characters are all safe; an overloaded name gets its
 * signature appended to stay unique. Node labels give inclusive and exclusive time and calls;
 * each edge's label starts with {@code "N calls"}. Hot edges (by share of the heaviest edge's
 * time) are drawn thicker and redder; nodes are shaded by their share of exclusive time.
 */
public final class DotWriter {
    private final CallGraph graph;
    /** Quoted, escaped DOT id per node. */
    private final Map<CallGraphNode, String> ids = new HashMap<>();

    /** A writer for {@code graph}; node ids are fixed here so repeated writes are identical. */
    public DotWriter(CallGraph graph) {
        this.graph = graph;
        Map<String, Integer> sameName = new HashMap<>();
        for (CallGraphNode n : graph.graph().vertexSet()) {
            sameName.merge(n.name(), 1, Integer::sum);
        }
        Set<String> used = new HashSet<>();
        for (CallGraphNode n : graph.graph().vertexSet()) {
            String id = n.name();
            if (sameName.get(id) > 1 && n.signature() != null) {
                id = id + n.signature();
            }
            if (!used.add(id)) {
                id = id + " #" + n.method();
                used.add(id);
            }
            ids.put(n, quote(id));
        }
    }

    /** The DOT text. */
    public String toDot() {
        StringWriter w = new StringWriter();
        try {
            write(w);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** Writes the DOT text to {@code out} (left open). */
    public void write(Writer out) throws IOException {
        out.write("digraph callgraph {\n");
        out.write("  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=10, label=" + quote(title()) + "];\n");
        out.write("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n");
        out.write("  edge [fontname=\"Helvetica\", fontsize=9];\n");
        long total = Math.max(1, graph.totalNs());
        long maxExclusive = 1;
        for (CallGraphNode n : graph.graph().vertexSet()) {
            maxExclusive = Math.max(maxExclusive, n.exclusiveNs());
        }
        for (CallGraphNode n : graph.graph().vertexSet()) {
            String label = escape(n.name()) + "\\n" + "inclusive " + time(n.inclusiveNs())
                    + percent(n.inclusiveNs(), total) + "\\nexclusive " + time(n.exclusiveNs())
                    + "\\n" + count(n.calls());
            double heat = (double) n.exclusiveNs() / maxExclusive;
            out.write("  " + ids.get(n) + " [label=\"" + label + "\", fillcolor=\"" + fill(heat) + "\"];\n");
        }
        long maxEdge = graph.maxEdgeNs();
        StringBuilder line = new StringBuilder(256);
        for (CallGraphEdge e : graph.graph().edgeSet()) {
            CallGraphNode from = graph.graph().getEdgeSource(e);
            CallGraphNode to = graph.graph().getEdgeTarget(e);
            double share = (double) e.inclusiveNs() / maxEdge;
            line.setLength(0);
            line.append("  ").append(ids.get(from)).append(" -> ").append(ids.get(to))
                    .append(" [label=\"").append(count(e.calls())).append("\\n").append(time(e.inclusiveNs()))
                    .append("\", penwidth=").append(twoDecimals(1 + 5 * share))
                    .append(", color=\"").append(stroke(share)).append("\", weight=")
                    .append(Math.max(1, Math.round(10 * share))).append("];\n");
            out.write(line.toString());
        }
        out.write("}\n");
    }

    private String title() {
        String who = graph.scope().thread() == null ? "all threads" : "thread " + graph.scope().thread();
        String note = graph.eventOrder() ? " (no timestamps: times are event order)" : "";
        return "call graph, " + who + note;
    }

    /** A DOT quoted string: {@code "} and {@code \} escaped, line breaks as {@code \n}. */
    public static String quote(String s) {
        return "\"" + escape(s) + "\"";
    }

    /** The inside of a DOT quoted string for {@code s}. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> { }
                default -> sb.append(c < ' ' ? ' ' : c);
            }
        }
        return sb.toString();
    }

    private String time(long ns) {
        if (graph.eventOrder()) {
            return ns + " events";
        }
        return DurationText.format(ns);
    }

    /** {@code x} with exactly two decimals, without a formatter (it runs per edge). */
    static String twoDecimals(double x) {
        long hundredths = Math.round(x * 100);
        long frac = Math.abs(hundredths % 100);
        return (hundredths < 0 && hundredths > -100 ? "-" : "") + hundredths / 100 + "." + (frac < 10 ? "0" : "") + frac;
    }

    private static String percent(long part, long total) {
        return String.format(Locale.ROOT, " (%.1f%%)", 100.0 * part / total);
    }

    private static String count(long calls) {
        return calls + (calls == 1 ? " call" : " calls");
    }

    /** White to orange by exclusive-time share. */
    private static String fill(double heat) {
        int g = (int) Math.round(255 - 120 * heat);
        int b = (int) Math.round(255 - 200 * heat);
        return String.format("#ff%02x%02x", g, b);
    }

    /** Grey for cold edges, orange, then red for the hottest. */
    private static String stroke(double share) {
        if (share >= 0.5) {
            return "#d62728";
        }
        return share >= 0.2 ? "#ff7f0e" : "#7f7f7f";
    }
}
