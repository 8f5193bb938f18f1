package dev.ura.app.analysis.regression;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.trace.testing.SharedFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the shared change-point vectors ({@code shared/regression}); tests skip when they are absent. */
final class Vectors {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Vectors() {
    }

    static JsonNode json(String name) {
        try {
            return MAPPER.readTree(SharedFiles.require("regression/" + name).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The inline vector called {@code name} of edivisive_test_vectors.json. */
    static JsonNode vector(String name) {
        for (JsonNode v : json("edivisive_test_vectors.json").get("vectors")) {
            if (v.get("name").asText().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no vector " + name);
    }

    static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    /** The value column (last column) of a CSV with a header line. */
    static double[] csvValues(String name) {
        Path p = SharedFiles.require("regression/" + name);
        try {
            List<String> lines = Files.readAllLines(p);
            double[] out = new double[lines.size() - 1];
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).split(",");
                out[i - 1] = Double.parseDouble(f[f.length - 1]);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int[] indices(List<ChangePoint> points) {
        return points.stream().mapToInt(ChangePoint::index).toArray();
    }
}
