/**
 * The headless analysis engine: response detection, the cross-thread dependency graph and its
 * critical path, what-if estimates, findings, profiles, call graphs and regression checks.
 * Nothing here imports AWT or Swing (enforced by {@code LayeringTest}); the CLI and the UI both
 * go through {@link dev.ura.app.analysis.Analysis}.
 */
package dev.ura.app.analysis;
