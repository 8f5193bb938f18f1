package dev.ura.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The agent's argument: {@code out=LOG[,include=GLOB[;GLOB...]][,tag=TEXT]}, or {@code stop} (sent
 * by {@code ura record} to end an attached recording). {@code include} may repeat; a glob's
 * {@code *} matches any run of characters (dots included) in a class name.
 *
 * @param out      the log file to write, or null for {@code stop}
 * @param includes class-name globs whose methods are recorded as METHOD intervals
 * @param tag      free text stored in the log's META line, or null
 * @param stop     whether this is a request to stop recording
 */
public record AgentOptions(String out, List<String> includes, String tag, boolean stop) {

    /**
     * @throws IllegalArgumentException with a one-line reason when the argument is not understood
     */
    public static AgentOptions parse(String args) {
        String out = null;
        String tag = null;
        boolean stop = false;
        List<String> includes = new ArrayList<>();
        if (args != null && !args.isBlank()) {
            for (String part : args.split(",")) {
                String p = part.trim();
                if (p.isEmpty()) {
                    continue;
                }
                if (p.equals("stop")) {
                    stop = true;
                    continue;
                }
                int eq = p.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("agent option \"" + p + "\" is not key=value (out=, include=, tag=)");
                }
                String key = p.substring(0, eq);
                String value = p.substring(eq + 1);
                switch (key) {
                    case "out" -> out = value;
                    case "tag" -> tag = value;
                    case "include" -> {
                        for (String g : value.split(";")) {
                            if (!g.isBlank()) {
                                includes.add(g.trim());
                            }
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown agent option \"" + key
                            + "\" (out=, include=, tag=)");
                }
            }
        }
        if (!stop && (out == null || out.isBlank())) {
            throw new IllegalArgumentException("agent option out=LOG is missing (e.g. -javaagent:ura.jar=out=run.jsonl)");
        }
        return new AgentOptions(out, List.copyOf(includes), tag, stop);
    }

    /** The include globs as one regular expression over binary class names, or null when there are none. */
    public Pattern includePattern() {
        if (includes.isEmpty()) {
            return null;
        }
        StringBuilder re = new StringBuilder();
        for (String g : includes) {
            if (re.length() > 0) {
                re.append('|');
            }
            for (String piece : g.split("\\*", -1)) {
                re.append(Pattern.quote(piece)).append(".*");
            }
            re.setLength(re.length() - 2);
        }
        return Pattern.compile(re.toString());
    }
}
