package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileRow;

import java.util.List;

/** The {@code profile --json} document (field order is the contract's). */
@JsonPropertyOrder({"file", "thread", "methods"})
record ProfileJson(String file, String thread, List<Method> methods) {

    @JsonPropertyOrder({"name", "signature", "calls", "inclusiveNs", "exclusiveNs", "minNs", "maxNs", "meanNs"})
    record Method(String name, String signature, long calls, long inclusiveNs, long exclusiveNs, Long minNs,
                  Long maxNs, long meanNs) {
    }

    static ProfileJson of(String file, Profile profile) {
        List<Method> methods = profile.rows().stream().map(ProfileJson::method).toList();
        return new ProfileJson(file, profile.scope().thread(), methods);
    }

    private static Method method(ProfileRow r) {
        return new Method(r.name(), r.signature(), r.calls(), r.inclusiveNs(), r.exclusiveNs(), r.minNs(), r.maxNs(),
                r.meanNs());
    }
}
