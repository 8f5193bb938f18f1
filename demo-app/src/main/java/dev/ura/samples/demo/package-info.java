/**
 * A small Swing feed reader to record with ura's agent, with switches that apply each case-study
 * optimisation for real (see {@link dev.ura.samples.demo.DemoSwitches}). It serves its own feed and
 * thumbnails over HTTP on 127.0.0.1, so a recording needs no network. Not part of ura itself.
 */
package dev.ura.samples.demo;
