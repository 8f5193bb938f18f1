package dev.ura.trace.agentlog;

import dev.ura.trace.io.TraceFiles;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Content sniffing: agent logs are claimed, other files are not. */
class AgentLogSnifferTest {
    private final AgentLogReader reader = new AgentLogReader();

    @Test
    void isRegisteredAsAService() {
        assertThat(TraceFiles.readers()).anyMatch(r -> r instanceof AgentLogReader);
        assertThat(reader.formatName()).isEqualTo("agent-log");
    }

    @Test
    void claimsJsonLinesWithAKindOrTs() {
        assertThat(claims("\n\n{\"kind\":\"META\",\"version\":1}\n")).isTrue();
        assertThat(claims("\uFEFF{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\"}\n")).isTrue();
        assertThat(claims("{\"name\":\"package.json\",\"version\":\"1.0\"}\n")).isFalse();
    }

    @Test
    void claimsLogcatWithJsonMessagesOrAPureLogcatDump() {
        assertThat(claims("--------- beginning of main\n"
                + "11-29 13:07:20.123  4311  4311 I URA     : {\"ts\":1,\"tid\":1,\"kind\":\"DRAW\"}\n")).isTrue();
        assertThat(claims("11-29 13:07:20.123  1022  1077 D InputReader: Btn_touch: value=1\n"
                + "11-29 13:07:20.124  1022  1077 D InputReader: Btn_touch: value=0\n")).isTrue();
        assertThat(claims("--------- beginning of main\n{\"ts\":1,\"tid\":1,\"kind\":\"DRAW\"}\n")).isTrue();
    }

    @Test
    void leavesOtherFilesAlone() {
        assertThat(claims("*version\n3\ndata-file-overflow=false\nclock=dual\n")).isFalse();
        assertThat(claims("SLOW\u0003\0\u0020\0")).isFalse();
        assertThat(claims("Hello, world.\nThis is a text file.\n")).isFalse();
        assertThat(claims("   \n\n")).isFalse();
    }

    private boolean claims(String head) {
        return reader.canRead(head.getBytes(StandardCharsets.UTF_8));
    }
}
