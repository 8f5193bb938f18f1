package dev.ura.app.analysis.events;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.util.List;

/**
 * The rules evaluated once per method of a trace (not per call): which rules a method's name
 * matches, whether it can be the parent a {@code directChildOf} rule asks for, and whether it is
 * a frame or a framework scheduler.
 */
final class RuleMatcher {
    private final List<MethodRule> rules;
    private final long[] nameMask;
    private final long[] parentMask;
    private final boolean[] frame;
    private final boolean[] scheduler;
    private final long threadRootMask;
    private final long directChildMask;

    RuleMatcher(MethodRules table, MethodTable methods) {
        this.rules = table.rules();
        int n = methods.size();
        nameMask = new long[n];
        parentMask = new long[n];
        frame = new boolean[n];
        scheduler = new boolean[n];
        Glob frames = Glob.anyOf(table.frames());
        Glob schedulers = Glob.anyOf(table.notHandoffInside());
        Glob[] include = new Glob[rules.size()];
        Glob[] exclude = new Glob[rules.size()];
        Glob[] parents = new Glob[rules.size()];
        long roots = 0;
        long direct = 0;
        for (int r = 0; r < rules.size(); r++) {
            MethodRule rule = rules.get(r);
            include[r] = Glob.anyOf(rule.methods());
            exclude[r] = Glob.anyOf(rule.except());
            parents[r] = Glob.anyOf(rule.directChildOf());
            if (rule.threadRoot()) {
                roots |= 1L << r;
            }
            if (!rule.directChildOf().isEmpty()) {
                direct |= 1L << r;
            }
        }
        threadRootMask = roots;
        directChildMask = direct;
        for (int m = 0; m < n; m++) {
            MethodInfo info = methods.get(m);
            String full = info.fullName();
            frame[m] = frames.matches(full);
            scheduler[m] = schedulers.matches(full);
            long mask = 0;
            long parent = 0;
            for (int r = 0; r < include.length; r++) {
                if (include[r].matches(full) && !exclude[r].matches(full)) {
                    mask |= 1L << r;
                }
                if (parents[r].matches(full)) {
                    parent |= 1L << r;
                }
            }
            nameMask[m] = mask;
            parentMask[m] = parent;
        }
    }

    List<MethodRule> rules() {
        return rules;
    }

    /** Rules whose method globs match method {@code m} (other conditions not yet checked). */
    long nameMask(int m) {
        return nameMask[m];
    }

    /** Rules for which method {@code m} is an acceptable direct parent. */
    long parentMask(int m) {
        return parentMask[m];
    }

    boolean isFrame(int m) {
        return frame[m];
    }

    boolean isScheduler(int m) {
        return scheduler[m];
    }

    long threadRootMask() {
        return threadRootMask;
    }

    long directChildMask() {
        return directChildMask;
    }
}
