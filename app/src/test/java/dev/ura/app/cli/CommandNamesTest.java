package dev.ura.app.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;

import static org.assertj.core.api.Assertions.assertThat;

/** The command-name list UraCommand finds the command run by agrees with the commands' annotations. */
class CommandNamesTest {
    @Test
    void namesFollowTheAnnotationsInHelpOrder() {
        assertThat(UraCommand.COMMAND_NAMES).hasSameSizeAs(UraCommand.COMMANDS);
        for (int i = 0; i < UraCommand.COMMANDS.size(); i++) {
            assertThat(UraCommand.COMMAND_NAMES.get(i))
                    .isEqualTo(UraCommand.COMMANDS.get(i).getAnnotation(Command.class).name());
        }
    }

    @Test
    void helpStillListsEveryCommand() {
        StringWriter out = new StringWriter();
        int code = UraCommand.run(new String[]{"--help"}, new PrintWriter(out), new PrintWriter(Writer.nullWriter()));
        assertThat(code).isZero();
        for (String name : UraCommand.COMMAND_NAMES) {
            assertThat(out.toString()).contains("  " + name + " ");
        }
    }
}
