package dev.ura.app.analysis.profile;

import dev.ura.app.analysis.TraceFixtures;
import dev.ura.app.analysis.TraceFixtures.MethodTrace;
import dev.ura.app.analysis.callgraph.CallGraph;
import dev.ura.app.analysis.callgraph.CallGraphAnalyzer;
import dev.ura.app.analysis.callgraph.CallGraphFilter;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/** Idle is not work: answers worked out by hand (times in ms). */
class IdleProfileTest {

    /**
     * main: Looper.loop 0..100 runs dispatchMessage 0..40 (Work.run 1..39, parked 10..30) and
     * MessageQueue.next 40..100 (nativePollOnce 41..99).
     */
    private static Trace looper() {
        MethodTrace mt = TraceFixtures.methodTrace();
        mt.thread("main").enter("android.os.Looper.loop", 0)
                .enter("android.os.Handler.dispatchMessage", 0)
                .enter("com.example.Work.run", ms(1))
                .enter("java.util.concurrent.locks.LockSupport.park", ms(10))
                .call("sun.misc.Unsafe.park", ms(10), ms(30))
                .exit(ms(30)).exit(ms(39)).exit(ms(40))
                .enter("android.os.MessageQueue.next", ms(40))
                .call("android.os.MessageQueue.nativePollOnce", ms(41), ms(99))
                .exit(ms(100)).exit(ms(100));
        return mt.build();
    }

    private static ProfileRow row(Profile p, String name) {
        return p.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    @Test
    void idleCallsAreLeftOutAndTheirTimeTakenOffTheCallsAroundThem() {
        Profile p = new ProfileAnalyzer(looper()).flat(CallScope.thread("main"));

        assertThat(row(p, "java.util.concurrent.locks.LockSupport.park")).isNull();
        assertThat(row(p, "sun.misc.Unsafe.park")).isNull();
        assertThat(row(p, "android.os.MessageQueue.nativePollOnce")).isNull();
        // loop: 100 - 20 parked - 58 polling
        assertThat(row(p, "android.os.Looper.loop").inclusiveNs()).isEqualTo(ms(22));
        assertThat(row(p, "android.os.Looper.loop").exclusiveNs()).isZero();
        assertThat(row(p, "android.os.Handler.dispatchMessage").inclusiveNs()).isEqualTo(ms(20));
        assertThat(row(p, "android.os.Handler.dispatchMessage").exclusiveNs()).isEqualTo(ms(2));
        // Work.run: 1..10 and 30..39
        assertThat(row(p, "com.example.Work.run").inclusiveNs()).isEqualTo(ms(18));
        assertThat(row(p, "com.example.Work.run").exclusiveNs()).isEqualTo(ms(18));
        assertThat(row(p, "com.example.Work.run").maxNs()).isEqualTo(ms(18));
        assertThat(row(p, "android.os.MessageQueue.next").inclusiveNs()).isEqualTo(ms(2));
        assertThat(row(p, "android.os.MessageQueue.next").exclusiveNs()).isEqualTo(ms(2));
    }

    @Test
    void theSwitchCountsIdleCallsAgain() {
        Profile p = new ProfileAnalyzer(looper()).flat(CallScope.thread("main").withIdle(true));

        assertThat(row(p, "java.util.concurrent.locks.LockSupport.park").inclusiveNs()).isEqualTo(ms(20));
        assertThat(row(p, "android.os.MessageQueue.nativePollOnce").inclusiveNs()).isEqualTo(ms(58));
        assertThat(row(p, "android.os.Looper.loop").inclusiveNs()).isEqualTo(ms(100));
        assertThat(row(p, "com.example.Work.run").exclusiveNs()).isEqualTo(ms(18));
    }

    @Test
    void theCallGraphHasNoIdleNodesAndItsEdgesCountWorkOnly() {
        CallGraph g = new CallGraphAnalyzer(looper()).analyze(CallScope.thread("main"), CallGraphFilter.none());

        assertThat(g.graph().vertexSet()).extracting(n -> n.name())
                .doesNotContain("java.util.concurrent.locks.LockSupport.park", "android.os.MessageQueue.nativePollOnce");
        assertThat(g.graph().edgeSet()).filteredOn(e -> g.graph().getEdgeTarget(e).name().equals("com.example.Work.run"))
                .singleElement().satisfies(e -> assertThat(e.inclusiveNs()).isEqualTo(ms(18)));
        assertThat(g.graph().edgeSet()).filteredOn(e -> g.graph().getEdgeTarget(e).name()
                        .equals("android.os.Handler.dispatchMessage"))
                .singleElement().satisfies(e -> assertThat(e.inclusiveNs()).isEqualTo(ms(20)));
    }

    @Test
    void overloadsShowTheirParameterTypes() {
        record M(String name, String sig) {
        }
        List<M> ms = List.of(new M("android.view.LayoutInflater.inflate", "(ILandroid/view/ViewGroup;)Landroid/view/View;"),
                new M("android.view.LayoutInflater.inflate", "(Lorg/xmlpull/v1/XmlPullParser;Landroid/view/ViewGroup;Z)Landroid/view/View;"),
                new M("android.view.LayoutInflater.inflate", "([IJ)V"),
                new M("com.example.A.run", "()V"));
        Map<M, String> labels = MethodSignatures.labels(ms, M::name, M::sig);

        assertThat(labels.get(ms.get(0))).isEqualTo("android.view.LayoutInflater.inflate(int, ViewGroup)");
        assertThat(labels.get(ms.get(1))).isEqualTo("android.view.LayoutInflater.inflate(XmlPullParser, ViewGroup, boolean)");
        assertThat(labels.get(ms.get(2))).isEqualTo("android.view.LayoutInflater.inflate(int[], long)");
        assertThat(labels.get(ms.get(3))).isEqualTo("com.example.A.run");
    }

    @Test
    void labelListGivesTheLabelsInTheItemsOrder() {
        // the profile table's form: labels by position, so rows are never hashed. Two rows named
        // "a.B.c" with descriptors (I)V and (J)V are overloads -> c(int), c(long); "a.B.d" twice with
        // the same descriptor is not an overload -> plain name both times; a null descriptor
        // counts as "" and an unreadable one ("x") keeps the plain name.
        record M(String name, String sig) {
        }
        List<M> ms = List.of(new M("a.B.c", "(I)V"), new M("a.B.d", "()V"), new M("a.B.c", "(J)V"),
                new M("a.B.d", "()V"), new M("a.B.e", null), new M("a.B.e", "x"));

        assertThat(MethodSignatures.labelList(ms, M::name, M::sig)).containsExactly("a.B.c(int)", "a.B.d",
                "a.B.c(long)", "a.B.d", "a.B.e", "a.B.e");
    }
}
