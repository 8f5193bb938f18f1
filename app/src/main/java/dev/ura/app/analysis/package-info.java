/**
 * The headless analysis engine: response detection, the cross-thread dependency graph and its
 * critical path, what-if estimates, findings, profiles, call graphs and regression checks.
 * Nothing here imports AWT or Swing (enforced by {@code LayeringTest} and {@code ArchitectureTest});
 * the CLI and the UI both go through {@link dev.ura.app.analysis.Analysis}. The value records live in
 * {@code analysis.model}, below the algorithms, so the packages here form no cycle.
 */
package dev.ura.app.analysis;
