package dev.ura.spark;

import dev.ura.app.analysis.events.InvalidRulesException;
import dev.ura.app.analysis.events.MethodRules;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;

/**
 * A rule table ({@code --rules URI}) read once on the driver, from any Hadoop file system, and
 * checked there, so that a bad table stops the job with one line instead of failing every trace.
 *
 * @param name  the URI, as error messages name it
 * @param bytes the table's contents
 */
record RulesFile(String name, byte[] bytes) implements Serializable {
    /** @return null when {@code uri} is null (no {@code --rules}) */
    static RulesFile read(String uri, Configuration conf) throws IOException {
        if (uri == null) {
            return null;
        }
        Path p = new Path(uri);
        FileSystem fs = p.getFileSystem(conf);
        if (!fs.exists(p)) {
            throw new IOException(uri + ": --rules: no such file");
        }
        // the cap analyze's --rules applies (MethodRules.load), so both accept the same tables
        if (fs.getFileStatus(p).getLen() > MethodRules.MAX_FILE_BYTES) {
            throw new IOException(uri + ": --rules: larger than " + (MethodRules.MAX_FILE_BYTES >> 20)
                    + " MiB, not a rule table");
        }
        byte[] bytes;
        try (InputStream in = fs.open(p)) {
            bytes = in.readAllBytes();
        }
        try {
            MethodRules.parse(new ByteArrayInputStream(bytes), uri);
        } catch (InvalidRulesException e) {
            throw new IOException(e.getMessage());
        }
        return new RulesFile(uri, bytes);
    }
}
