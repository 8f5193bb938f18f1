package dev.ura.app.ui.record;

import java.util.ArrayList;
import java.util.List;

/**
 * The command File › Record… runs: the user's {@code java …} command line with ura's agent added
 * right after {@code java}. Splits like a shell would for the simple cases (spaces separate,
 * single or double quotes group, backslash escapes outside single quotes).
 */
public final class RecordCommandLine {
    private RecordCommandLine() {
    }

    /**
     * @throws IllegalArgumentException an unclosed quote
     */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inToken = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length()) {
                    cur.append(line.charAt(++i));
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inToken = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                cur.append(line.charAt(++i));
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    inToken = false;
                }
            } else {
                cur.append(c);
                inToken = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed " + quote + " in the command line");
        }
        if (inToken) {
            out.add(cur.toString());
        }
        return out;
    }

    /**
     * {@code command} with {@code -javaagent:JAR=out=LOG[,include=GLOBS]} after its first word.
     *
     * @throws IllegalArgumentException the command does not start with a {@code java} executable
     */
    public static List<String> withAgent(List<String> command, String agentJar, String log, String include) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("the command line is empty");
        }
        String exe = command.get(0).replace('\\', '/');
        String name = exe.substring(exe.lastIndexOf('/') + 1);
        if (!name.equals("java") && !name.equals("java.exe") && !name.equals("javaw.exe")) {
            throw new IllegalArgumentException("the command must start with java (e.g. java -jar myapp.jar), not " + command.get(0));
        }
        if (log.contains(",") || (include != null && include.contains(","))) {
            throw new IllegalArgumentException("the log path and the include globs cannot contain a comma");
        }
        String agent = "-javaagent:" + agentJar + "=out=" + log
                + (include == null || include.isBlank() ? "" : ",include=" + include.trim());
        List<String> out = new ArrayList<>(command.size() + 1);
        out.add(command.get(0));
        out.add(agent);
        out.addAll(command.subList(1, command.size()));
        return out;
    }
}
