/**
 * Regression checks over a series of runs (one value per run, e.g. a response time):
 * a rolling-baseline {@link dev.ura.app.analysis.regression.AnomalyDetector}, the E-Divisive change-point
 * test of Matteson &amp; James ({@link dev.ura.app.analysis.regression.EDivisiveAlgorithm}), Otava's
 * deterministic Hunter variant ({@link dev.ura.app.analysis.regression.HunterAlgorithm}), the façade
 * that combines them ({@link dev.ura.app.analysis.regression.RegressionAnalyzer}), and the comparison of
 * two runs' critical paths ({@link dev.ura.app.analysis.regression.CriticalPathDiff}).
 * Index convention everywhere: a change point's index is the 0-based index of the first run of the
 * new segment (the series splits as {@code x[:index] | x[index:]}). Headless: no AWT or Swing.
 */
package dev.ura.app.analysis.regression;
