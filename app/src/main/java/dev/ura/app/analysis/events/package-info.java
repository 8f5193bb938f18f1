/**
 * From method names to response events: the rule table of {@code android-method-rules.md}
 * ({@link dev.ura.app.analysis.events.MethodRules}, a JSON resource a user file can replace) and
 * {@link dev.ura.app.analysis.events.MethodEventDeriver}, which turns a method trace's calls into
 * the agent-log kinds the response rule speaks.
 */
package dev.ura.app.analysis.events;
