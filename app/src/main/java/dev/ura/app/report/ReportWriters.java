package dev.ura.app.report;

import java.util.Base64;
import java.util.List;

/**
 * Writes a {@link ReportDoc} as GitHub/Jira-friendly Markdown or as one self-contained HTML page
 * (the picture embedded as a data URI). Both escape every name: Markdown table cells lose their
 * pipes and line breaks, and {@code < > &} become entities in both, so markup in a method or
 * thread name is shown, never rendered.
 */
public final class ReportWriters {
    private ReportWriters() {
    }

    public static String markdown(ReportDoc doc) {
        StringBuilder out = new StringBuilder();
        for (ReportDoc.Block b : doc.blocks()) {
            if (b instanceof ReportDoc.Heading h) {
                out.append("#".repeat(h.level())).append(' ').append(md(h.text())).append("\n\n");
            } else if (b instanceof ReportDoc.Paragraph p) {
                out.append(mdPara(p)).append("\n\n");
            } else if (b instanceof ReportDoc.Bullets l) {
                for (ReportDoc.Paragraph p : l.items()) {
                    out.append("- ").append(mdPara(p)).append('\n');
                }
                out.append('\n');
            } else if (b instanceof ReportDoc.Table t) {
                mdTable(out, t);
            } else if (b instanceof ReportDoc.Image i) {
                out.append("![").append(md(i.alt())).append("](").append(i.file().replace(" ", "%20")).append(")\n\n");
            }
        }
        return out.toString().stripTrailing() + "\n";
    }

    private static void mdTable(StringBuilder out, ReportDoc.Table t) {
        out.append('|');
        for (String h : t.header()) {
            out.append(' ').append(md(h)).append(" |");
        }
        out.append("\n|");
        for (int i = 0; i < t.header().size(); i++) {
            out.append(align(t.align(), i) == 'r' ? " ---: |" : " --- |");
        }
        out.append('\n');
        for (List<String> row : t.rows()) {
            out.append('|');
            for (String c : row) {
                out.append(' ').append(md(c)).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    public static String html(ReportDoc doc, String title) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(html(title)).append("</title>\n<style>body{font:14px/1.45 system-ui,sans-serif;max-width:1280px;"
                        + "margin:24px auto;padding:0 16px;color:#1f2328}table{border-collapse:collapse;margin:8px 0}"
                        + "td,th{border:1px solid #d0d7de;padding:4px 8px;vertical-align:top}th{background:#f6f8fa}"
                        + "td.r,th.r{text-align:right}img{max-width:100%;border:1px solid #d0d7de}</style></head><body>\n");
        for (ReportDoc.Block b : doc.blocks()) {
            if (b instanceof ReportDoc.Heading h) {
                out.append("<h").append(h.level()).append('>').append(html(h.text())).append("</h").append(h.level())
                        .append(">\n");
            } else if (b instanceof ReportDoc.Paragraph p) {
                out.append("<p>").append(htmlPara(p)).append("</p>\n");
            } else if (b instanceof ReportDoc.Bullets l) {
                out.append("<ul>\n");
                for (ReportDoc.Paragraph p : l.items()) {
                    out.append("<li>").append(htmlPara(p)).append("</li>\n");
                }
                out.append("</ul>\n");
            } else if (b instanceof ReportDoc.Table t) {
                htmlTable(out, t);
            } else if (b instanceof ReportDoc.Image i) {
                out.append("<p><img alt=\"").append(html(i.alt())).append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(i.png())).append("\"></p>\n");
            }
        }
        return out.append("</body></html>\n").toString();
    }

    private static void htmlTable(StringBuilder out, ReportDoc.Table t) {
        out.append("<table><tr>");
        for (int i = 0; i < t.header().size(); i++) {
            out.append(align(t.align(), i) == 'r' ? "<th class=\"r\">" : "<th>").append(html(t.header().get(i)))
                    .append("</th>");
        }
        out.append("</tr>\n");
        for (List<String> row : t.rows()) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(align(t.align(), i) == 'r' ? "<td class=\"r\">" : "<td>").append(html(row.get(i)))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }

    private static char align(String align, int i) {
        return align != null && i < align.length() ? align.charAt(i) : 'l';
    }

    private static String mdPara(ReportDoc.Paragraph p) {
        return p.strong() == null || p.strong().isEmpty() ? md(p.text()) : "**" + md(p.strong()) + "** " + md(p.text());
    }

    private static String htmlPara(ReportDoc.Paragraph p) {
        return p.strong() == null || p.strong().isEmpty() ? html(p.text())
                : "<strong>" + html(p.strong()) + "</strong> " + html(p.text());
    }

    /** Markdown text: markup characters escaped so names show as written. */
    static String md(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '\\', '`', '*', '_', '[', ']', '|', '~' -> out.append('\\').append(c);
                case '#' -> out.append(i == 0 ? "\\#" : "#");
                case '\n', '\r', '\t' -> out.append(' ');
                default -> out.append(c);
            }
        }
        return dev.ura.app.render.XmlText.clean(out.toString());
    }

    /** HTML text with {@code < > & "} as entities. */
    static String html(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return dev.ura.app.render.XmlText.clean(out.toString());
    }
}
