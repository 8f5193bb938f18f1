package dev.ura.app.analysis.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.ura.trace.model.EventKind;

import java.io.IOException;
import java.io.InputStream;
import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.util.OneLine;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The rule table that turns an Android method trace into agent-log events
 * ({@code docs/android-method-rules.md}). The defaults ship as the resource
 * {@code android-method-rules.json}; a user file with the same shape replaces them, or, with
 * {@code "extendsDefaults": true}, adds its rules and lists after the built-in ones.
 * Immutable and thread-safe.
 */
public final class MethodRules {
    /** At most this many rules: a method's matches are kept as a bit mask. */
    public static final int MAX_RULES = 64;
    private static final String RESOURCE = "/dev/ura/app/analysis/android-method-rules.json";
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static volatile MethodRules defaults;

    private final String source;
    private final List<MethodRule> rules;
    private final List<String> frames;
    private final List<String> notHandoffInside;
    private final List<String> frameworkPackages;

    /** The JSON document. */
    @JsonIgnoreProperties(ignoreUnknown = false)
    record RuleFile(int version, String description, boolean extendsDefaults, List<MethodRule> rules,
                    List<String> frames, List<String> notHandoffInside, List<String> frameworkPackages) {

        /** The built-in table followed by this file's rules and lists. */
        RuleFile after(MethodRules base) {
            return new RuleFile(version, description, false, concat(base.rules, rules), concat(base.frames, frames),
                    concat(base.notHandoffInside, notHandoffInside), concat(base.frameworkPackages, frameworkPackages));
        }

        private static <T> List<T> concat(List<T> a, List<T> b) {
            List<T> out = new java.util.ArrayList<>(a);
            if (b != null) {
                out.addAll(b);
            }
            return out;
        }
    }

    private MethodRules(String source, RuleFile file) {
        this.source = source;
        this.rules = List.copyOf(file.rules());
        this.frames = file.frames() == null ? List.of() : List.copyOf(file.frames());
        this.notHandoffInside = file.notHandoffInside() == null ? List.of() : List.copyOf(file.notHandoffInside());
        this.frameworkPackages = file.frameworkPackages() == null ? List.of() : List.copyOf(file.frameworkPackages());
    }

    /** The built-in defaults (loaded once). */
    public static MethodRules defaults() {
        MethodRules d = defaults;
        if (d == null) {
            try (InputStream in = MethodRules.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE);
                }
                d = parse(in, "built-in rules");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InvalidRulesException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
            defaults = d;
        }
        return d;
    }

    /** A rule table is a few kilobytes; a file far larger is not one (and must not fill the heap). */
    public static final long MAX_FILE_BYTES = 16L << 20;

    /** Reads a user rule file; every problem is reported with the file's name. */
    public static MethodRules load(Path file) throws InvalidRulesException {
        byte[] bytes;
        try {
            bytes = InputFiles.readAll(file, MAX_FILE_BYTES, "rule file");
        } catch (TraceFormatException e) {
            throw new InvalidRulesException(OneLine.of(file.toString()) + ": cannot read rules: " + e.problem(), e);
        }
        return parse(new java.io.ByteArrayInputStream(bytes), OneLine.of(file.toString()));
    }

    /** Parses a rule document; {@code sourceName} names it in error messages. */
    public static MethodRules parse(InputStream in, String sourceName) throws InvalidRulesException {
        RuleFile file;
        try {
            file = MAPPER.readValue(in, RuleFile.class);
        } catch (MismatchedInputException e) {
            throw new InvalidRulesException(sourceName + ": " + e.getOriginalMessage()
                    + " at line " + e.getLocation().getLineNr(), e);
        } catch (JsonProcessingException e) {
            throw new InvalidRulesException(sourceName + ": not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()), e);
        } catch (IOException e) {
            throw new InvalidRulesException(sourceName + ": cannot read rules: " + e.getMessage(), e);
        }
        if (file != null && file.extendsDefaults()) {
            file = file.after(defaults());
        }
        validate(file, sourceName);
        return new MethodRules(sourceName, file);
    }

    private static void validate(RuleFile file, String sourceName) throws InvalidRulesException {
        if (file == null || file.rules() == null || file.rules().isEmpty()) {
            throw new InvalidRulesException(sourceName + ": no \"rules\" array", null);
        }
        if (file.rules().size() > MAX_RULES) {
            throw new InvalidRulesException(sourceName + ": " + file.rules().size() + " rules; at most "
                    + MAX_RULES + " are supported", null);
        }
        for (int i = 0; i < file.rules().size(); i++) {
            MethodRule r = file.rules().get(i);
            String where = sourceName + ": rule " + (i + 1) + ": ";
            if (r == null || r.event() == null) {
                throw new InvalidRulesException(where + "missing \"event\"", null);
            }
            EventKind k = r.event();
            if (k == EventKind.UNKNOWN || k == EventKind.META || k == EventKind.THREAD) {
                throw new InvalidRulesException(where + "event " + k + " cannot be derived from calls", null);
            }
            if (r.methods().isEmpty() && !r.threadRoot()) {
                throw new InvalidRulesException(where + "needs \"methods\" (or \"threadRoot\": true)", null);
            }
            if ((k == EventKind.SEND_MSG || k == EventKind.DISPATCH_MSG) && (r.via() == null || r.via().isBlank())) {
                throw new InvalidRulesException(where + k + " needs \"via\" (handler, executor, thread, ...)", null);
            }
            if (r.joinsLaunch() && k != EventKind.START_ACTIVITY) {
                throw new InvalidRulesException(where + "\"joinsLaunch\" only applies to START_ACTIVITY", null);
            }
            if ((r.inputEvent() || r.joinsInput()) && k != EventKind.USER_INPUT) {
                throw new InvalidRulesException(where + "\"inputEvent\" and \"joinsInput\" only apply to USER_INPUT", null);
            }
            if (r.newWindow() && k != EventKind.INVALIDATE) {
                throw new InvalidRulesException(where + "\"newWindow\" only applies to INVALIDATE", null);
            }
        }
    }

    /** Where the rules came from (a file name, or {@code built-in rules}). */
    public String source() {
        return source;
    }

    /** The rules in table order (unmodifiable). */
    public List<MethodRule> rules() {
        return rules;
    }

    /** Globs of the frame method ({@code Choreographer.doFrame}): nothing inside is tracked work. */
    public List<String> frames() {
        return frames;
    }

    /** Globs of framework schedulers: a send reached from one of them is not a hand-off. */
    public List<String> notHandoffInside() {
        return notHandoffInside;
    }

    /** Package prefixes that are not app code (for affinity linking). */
    public List<String> frameworkPackages() {
        return frameworkPackages;
    }

    /** Whether a class (dotted name) is app code: not empty and outside every framework package. */
    public boolean isAppClass(String className) {
        if (className == null || className.isEmpty()) {
            return false;
        }
        for (String p : frameworkPackages) {
            if (className.startsWith(p)) {
                return false;
            }
        }
        return true;
    }
}
