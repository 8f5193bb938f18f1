package dev.ura.app.cli;

import dev.ura.app.store.StoreQuery;
import dev.ura.trace.util.OneLine;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How {@code ura store sql} prints an answer: an aligned text table, or JSON objects. */
final class SqlTable {
    /** Longer cells are cut, with an ellipsis, so one long message does not widen every row. */
    static final int MAX_CELL = 60;

    private SqlTable() {
    }

    static void print(PrintWriter out, StoreQuery.Result r, boolean json) {
        if (json) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (List<Object> row : r.rows()) {
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 0; i < r.columns().size(); i++) {
                    m.put(r.columns().get(i), row.get(i));
                }
                rows.add(m);
            }
            Json.print(out, rows);
            return;
        }
        int n = r.columns().size();
        List<String[]> cells = new ArrayList<>();
        cells.add(r.columns().stream().map(SqlTable::cell).toArray(String[]::new));
        for (List<Object> row : r.rows()) {
            String[] c = new String[n];
            for (int i = 0; i < n; i++) {
                c[i] = cell(row.get(i));
            }
            cells.add(c);
        }
        int[] width = new int[n];
        for (String[] c : cells) {
            for (int i = 0; i < n; i++) {
                width[i] = Math.max(width[i], c[i].length());
            }
        }
        for (int line = 0; line < cells.size(); line++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                String v = cells.get(line)[i];
                boolean number = line > 0 && r.rows().get(line - 1).get(i) instanceof Number;
                sb.append(i == 0 ? "" : "  ").append(number ? " ".repeat(width[i] - v.length()) + v
                        : v + (i == n - 1 ? "" : " ".repeat(width[i] - v.length())));
            }
            out.println(sb);
            if (line == 0) {
                StringBuilder rule = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
                }
                out.println(rule);
            }
        }
        out.println("(" + r.rows().size() + " row" + (r.rows().size() == 1 ? "" : "s") + ")");
        out.flush();
    }

    private static String cell(Object v) {
        String s = v == null ? "NULL" : OneLine.of(v.toString());
        return s.length() > MAX_CELL ? s.substring(0, MAX_CELL - 1) + "…" : s;
    }
}
