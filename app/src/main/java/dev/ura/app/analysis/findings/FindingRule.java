package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Finding;
import java.util.List;

/** One stateless check of a response; {@link FindingsAnalyzer} runs them all. */
public interface FindingRule {

    /** The stable rule id findings carry, e.g. {@code storage-io-on-main-thread}. */
    String id();

    /** What the rule finds in one response (empty when nothing). */
    List<Finding> check(FindingContext context);
}
