package dev.ura.agent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentOptionsTest {
    @Test
    void readsOutIncludesAndTag() {
        AgentOptions o = AgentOptions.parse("out=/tmp/r.jsonl,include=com.a.*;com.b.Main,include=x.Y,tag=nightly");
        assertThat(o.out()).isEqualTo("/tmp/r.jsonl");
        assertThat(o.includes()).containsExactly("com.a.*", "com.b.Main", "x.Y");
        assertThat(o.tag()).isEqualTo("nightly");
        assertThat(o.stop()).isFalse();
        assertThat(AgentOptions.parse("stop").stop()).isTrue();
    }

    @Test
    void includeGlobsMatchWholeClassNamesWithStarAsAnyRun() {
        var p = AgentOptions.parse("out=x,include=com.a.*;x.Y").includePattern();
        assertThat(List.of("com.a.B", "com.a.b.C$1", "x.Y")).allMatch(n -> p.matcher(n).matches());
        assertThat(List.of("com.ab.C", "x.YZ", "a.x.Y", "comXa.B")).noneMatch(n -> p.matcher(n).matches());
        assertThat(AgentOptions.parse("out=x").includePattern()).isNull();
    }

    @Test
    void badOptionsSayWhatIsWrong() {
        assertThatThrownBy(() -> AgentOptions.parse("include=a.*")).hasMessageContaining("out=LOG is missing");
        assertThatThrownBy(() -> AgentOptions.parse("out=x,verbose")).hasMessageContaining("not key=value");
        assertThatThrownBy(() -> AgentOptions.parse("out=x,colour=red")).hasMessageContaining("unknown agent option \"colour\"");
        assertThatThrownBy(() -> AgentOptions.parse(null)).hasMessageContaining("out=LOG is missing");
    }
}
