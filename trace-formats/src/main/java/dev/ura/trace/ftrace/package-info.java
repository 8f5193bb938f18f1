/**
 * Reader of ftrace / atrace / systrace text (with or without the TGID column, plain, from
 * {@code atrace -z}, or embedded in systrace HTML), into the system-trace model.
 */
package dev.ura.trace.ftrace;
