package dev.ura.app.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReportWritersTest {
    private static ReportDoc doc() {
        return new ReportDoc()
                .add(new ReportDoc.Heading(1, "#1 <img src=http://127.0.0.1:9/x> on main"))
                .add(new ReportDoc.Paragraph("End", "a|b *c* _d_ `e` & <script>"))
                .add(new ReportDoc.Table(List.of("name", "ms"), "lr", List.of(List.of("A|B\nC", "1.0"))))
                .add(new ReportDoc.Image("pic", "my pic.png", new byte[]{1, 2, 3}));
    }

    @Test
    void markdownShowsNamesAsWrittenAndNeverAsMarkup() {
        assertThat(ReportWriters.markdown(doc())).isEqualTo("""
                # \\#1 &lt;img src=http://127.0.0.1:9/x&gt; on main

                **End** a\\|b \\*c\\* \\_d\\_ \\`e\\` &amp; &lt;script&gt;

                | name | ms |
                | --- | ---: |
                | A\\|B C | 1.0 |

                ![pic](my%20pic.png)
                """);
    }

    @Test
    void htmlEscapesNamesAndEmbedsThePicture() {
        String html = ReportWriters.html(doc(), "t<");
        assertThat(html).contains("<title>t&lt;</title>")
                .contains("<h1>#1 &lt;img src=http://127.0.0.1:9/x&gt; on main</h1>")
                .contains("<p><strong>End</strong> a|b *c* _d_ `e` &amp; &lt;script&gt;</p>")
                .contains("<td class=\"r\">1.0</td>")
                .contains("src=\"data:image/png;base64,AQID\"")
                .doesNotContain("<img src=http").doesNotContain("<script>");
    }
}
