package dev.ura.spark;

import dev.ura.app.batch.TraceFiles;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The trace files the job's inputs name, listed on the driver, in order and each once: a file as given, a
 * folder's trace files (recursively, sorted; not hidden files, sidecars or report bundles, as batch skips
 * them), a glob's matches.
 *
 * @param files    the traces, as listed
 * @param failures one line per input that names nothing or cannot be listed ({@code URI: why}): a missing
 *                 object or folder, a missing bucket, a store that refuses the listing. The job reports each
 *                 as a failed trace and goes on with the others, as it does for a trace it cannot read
 */
record TraceListing(List<String> files, List<String> failures) {
    static TraceListing of(List<String> inputs, Configuration conf) {
        Set<String> files = new LinkedHashSet<>();
        List<String> failures = new ArrayList<>();
        for (String in : inputs) {
            try {
                List<String> found = list(in, conf);
                if (found == null) {
                    failures.add(in + ": no such file or folder");
                } else if (found.isEmpty()) {
                    failures.add(in + ": no trace file here");
                } else {
                    files.addAll(found);
                }
            } catch (FileNotFoundException e) {
                failures.add(in + ": no such file or folder (" + firstLine(e) + ")");
            } catch (IOException | IllegalArgumentException e) {
                // IllegalArgumentException: a URI Hadoop cannot parse, or a scheme with no file system
                failures.add(in + ": cannot list (" + firstLine(e) + ")");
            }
        }
        return new TraceListing(List.copyOf(files), List.copyOf(failures));
    }

    /** One input's trace files, or null when it names nothing (Hadoop's glob answers that without an exception). */
    private static List<String> list(String in, Configuration conf) throws IOException {
        Path p = new Path(in);
        FileSystem fs = p.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(p);
        if (matches == null || matches.length == 0) {
            return null;
        }
        List<String> files = new ArrayList<>();
        boolean glob = matches.length > 1 || !matches[0].getPath().equals(fs.makeQualified(p));
        for (FileStatus m : matches) {
            if (m.isDirectory()) {
                List<String> found = new ArrayList<>();
                // A folder given as such names its files below it as given ("traces/a.trace", as batch
                // names them), a folder matched by a glob by their full URIs.
                String root = m.getPath().toUri().getPath();
                String prefix = glob ? m.getPath().toString() : in.replaceAll("/+$", "");
                RemoteIterator<LocatedFileStatus> it = fs.listFiles(m.getPath(), true);
                while (it.hasNext()) {
                    Path f = it.next().getPath();
                    if (TraceFiles.isTraceCandidate(f.getName()) && !hidden(m.getPath(), f)) {
                        found.add(prefix + f.toUri().getPath().substring(root.length()));
                    }
                }
                found.sort(null);
                files.addAll(found);
            } else {
                files.add(glob ? m.getPath().toString() : in);
            }
        }
        return files;
    }

    /** A file under a hidden folder (.git, .cache) of the searched one. */
    private static boolean hidden(Path root, Path file) {
        for (Path p = file.getParent(); p != null && !p.equals(root); p = p.getParent()) {
            if (p.getName().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** A store's error can run to many lines (a request id, a response body): the first says what it was. */
    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }
}
