package dev.ura.app.render;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NamesTest {
    @Test
    void descriptorsReadAsParameterAndReturnTypes() {
        assertThat(Names.readableSignature("()V")).isEqualTo("() → void");
        assertThat(Names.readableSignature("(Ljava/lang/String;I)Z")).isEqualTo("(String, int) → boolean");
        assertThat(Names.readableSignature("([J[[Landroid/view/View$OnClickListener;)[B"))
                .isEqualTo("(long[], OnClickListener[][]) → byte[]");
        assertThat(Names.readableSignature("(CSFD)Ljava/util/List;")).isEqualTo("(char, short, float, double) → List");
    }

    @Test
    void whatIsNotADescriptorStaysAsItIs() {
        assertThat(Names.readableSignature(null)).isNull();
        assertThat(Names.readableSignature("int foo(String)")).isEqualTo("int foo(String)");
        assertThat(Names.readableSignature("(Ljava/lang/String")).isEqualTo("(Ljava/lang/String");
        assertThat(Names.readableSignature("(I)")).isEqualTo("(I)");
        assertThat(Names.readableSignature("(Q)V")).isEqualTo("(Q)V");
        assertThat(Names.readableSignature("(I)VX")).isEqualTo("(I)VX");
    }

    @Test
    void labelsAreCutInTheClassSoTheMethodStays() {
        // "ActivityThread.main" is 19 characters; ".main" is 5
        assertThat(Names.fit("ActivityThread.main", 19)).isEqualTo("ActivityThread.main");
        assertThat(Names.fit("ActivityThread.main", 12)).isEqualTo("Activi….main");
        assertThat(Names.fit("ActivityThread.main", 7)).isEqualTo("A….main");
        // ".main" + 2 = 7 no longer fits in 6: the method alone
        assertThat(Names.fit("ActivityThread.main", 6)).isEqualTo("main");
        assertThat(Names.fit("ActivityThread.main", 3)).isEqualTo("ma…");
        assertThat(Names.fit("noDotsAtAllHere", 6)).isEqualTo("noDot…");
        assertThat(Names.fit("whatever", 1)).isEmpty();
    }
}
