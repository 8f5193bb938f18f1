package dev.ura.app;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layering of the architecture document, checked on the compiled classes (so a fully
 * qualified name or a wildcard import cannot slip past, unlike the source scan of
 * {@link LayeringTest}):
 * <ul>
 *   <li>the trace model, the readers and the analysis engine never touch AWT or Swing;</li>
 *   <li>nothing below the UI depends on the UI (the CLI opens the window by reflection);</li>
 *   <li>the analysis value records ({@code analysis.model}) depend on no algorithm;</li>
 *   <li>no package cycles inside the analysis: the algorithm packages form a DAG, and none of them
 *       depends on the entry point ({@code Analysis}) above them;</li>
 *   <li>no package cycles inside the window: its packages ({@code ui.app} builds the window,
 *       {@code ui.export}, {@code ui.annotate}, {@code ui.runs} … are tools it uses) form a DAG, the
 *       tools reaching the window through narrow interfaces ({@code ExportHost}, {@code RunsHost},
 *       {@code StatusSink}, {@code OpenTrace}), and the shared classes of {@code ui} itself depend on
 *       none of them;</li>
 *   <li>the engine's two front halves, {@code graph.method} (method traces, agent logs) and
 *       {@code graph.system} (system traces), never depend on each other, and the back half they
 *       both build for (the shared {@code graph} package, what-if, findings, the value records)
 *       depends on neither;</li>
 *   <li>the CLI and the window reach profiles, call graphs and diffs through the façade
 *       ({@code TraceSession}), never by running those algorithms themselves.</li>
 * </ul>
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ura");
    }

    @Test
    void theImportSeesBothModules() {
        assertThat(classes.containPackage("dev.ura.trace.model")).isTrue();
        assertThat(classes.containPackage("dev.ura.app.analysis.model")).isTrue();
        assertThat(classes.containPackage("dev.ura.app.ui")).isTrue();
    }

    @Test
    void modelReadersAndAnalysisUseNoGuiToolkit() {
        noClasses().that().resideInAnyPackage("dev.ura.trace..", "dev.ura.app.analysis..")
                .should().dependOnClassesThat().resideInAnyPackage("java.awt..", "javax.swing..")
                .check(classes);
    }

    @Test
    void nothingBelowTheUiDependsOnTheUi() {
        noClasses().that().resideOutsideOfPackage("dev.ura.app.ui..")
                .should().dependOnClassesThat().resideInAPackage("dev.ura.app.ui..")
                .check(classes);
    }

    @Test
    void valueRecordsDependOnNoAlgorithm() {
        noClasses().that().resideInAPackage("dev.ura.app.analysis.model..")
                .should().dependOnClassesThat(
                        resideInAPackage("dev.ura.app.analysis..")
                                .and(DescribedPredicate.not(resideInAPackage("dev.ura.app.analysis.model.."))))
                .check(classes);
    }

    @Test
    void analysisPackagesHaveNoCycles() {
        slices().matching("dev.ura.app.analysis.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void uiPackagesHaveNoCycles() {
        slices().matching("dev.ura.app.ui.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The slices above leave {@code ui}'s own classes out: a cycle through them would go unseen. */
    @Test
    void sharedUiClassesDependOnNoUiTool() {
        noClasses().that().resideInAPackage("dev.ura.app.ui")
                .should().dependOnClassesThat().resideInAPackage("dev.ura.app.ui.*..")
                .check(classes);
    }

    @Test
    void algorithmsDoNotDependOnTheEntryPointAboveThem() {
        DescribedPredicate<JavaClass> entryPoint = resideInAPackage("dev.ura.app.analysis");
        noClasses().that(resideInAPackage("dev.ura.app.analysis..").and(DescribedPredicate.not(entryPoint)))
                .should().dependOnClassesThat(entryPoint)
                .check(classes);
    }

    @Test
    void theTwoGraphFrontHalvesDoNotDependOnEachOther() {
        noClasses().that().resideInAPackage("dev.ura.app.analysis.graph.method..")
                .should().dependOnClassesThat().resideInAPackage("dev.ura.app.analysis.graph.system..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.ura.app.analysis.graph.system..")
                .should().dependOnClassesThat().resideInAPackage("dev.ura.app.analysis.graph.method..")
                .check(classes);
    }

    @Test
    void theBackHalfDependsOnNeitherFrontHalf() {
        noClasses().that().resideInAnyPackage("dev.ura.app.analysis.graph", "dev.ura.app.analysis.whatif..",
                        "dev.ura.app.analysis.findings..", "dev.ura.app.analysis.model..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.ura.app.analysis.graph.method..",
                        "dev.ura.app.analysis.graph.system..")
                .check(classes);
    }

    @Test
    void clientsGoThroughTheFacadeForProfilesCallGraphsAndDiffs() {
        noClasses().that().resideOutsideOfPackage("dev.ura.app.analysis..")
                .should().callConstructor(dev.ura.app.analysis.profile.ProfileAnalyzer.class, dev.ura.trace.model.Trace.class)
                .orShould().callConstructor(dev.ura.app.analysis.callgraph.CallGraphAnalyzer.class, dev.ura.trace.model.Trace.class)
                .orShould().callMethod(dev.ura.app.analysis.regression.CriticalPathDiff.class, "compare",
                        java.util.List.class, java.util.List.class)
                .orShould().callMethod(dev.ura.app.analysis.regression.CriticalPathDiff.class, "compare",
                        java.util.List.class, java.util.List.class, long.class)
                .check(classes);
    }
}
