/**
 * Byte Buddy advice, inlined into JDK and app classes by {@code dev.ura.agent.Instrumentations}.
 * The advice bodies run inside the instrumented class (so they may read its private fields) and
 * call only {@code dev.ura.agent.rt.Hooks}, which is on the boot class path. Parameters are typed
 * {@code Object} and cast inside the bodies, so reading an advice class never loads AWT or Swing.
 */
package dev.ura.agent.advice;
