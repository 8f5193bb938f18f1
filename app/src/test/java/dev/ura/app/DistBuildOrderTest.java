package dev.ura.app;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code -Pdist} adds its jpackage step (package.sh) to the antrun plugin declared in the main
 * build; Maven runs the executions of one phase in the order the plugins are declared, so that
 * declaration must follow the shade plugin's, which makes the ura.jar package.sh packs. (Declared
 * before it once, {@code ./mvnw -Pdist package} failed: package.sh found no ura.jar.)
 */
class DistBuildOrderTest {
    @Test
    void theAntrunPluginThatThePackagingStepJoinsIsDeclaredAfterTheShadePlugin() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        String main = pom.substring(0, pom.indexOf("<profiles>"));
        int shade = main.indexOf("<artifactId>maven-shade-plugin</artifactId>");
        int antrun = main.indexOf("<artifactId>maven-antrun-plugin</artifactId>");
        assertThat(shade).as("the shade plugin makes ura.jar in the main build").isPositive();
        if (antrun >= 0) {
            assertThat(antrun).as("antrun (joined by -Pdist's package.sh) comes after shade").isGreaterThan(shade);
        }
        String dist = pom.substring(pom.indexOf("<id>dist</id>"));
        assertThat(dist).contains("<artifactId>maven-antrun-plugin</artifactId>").contains("<phase>package</phase>")
                .contains("src/dist/package.sh");
    }
}
