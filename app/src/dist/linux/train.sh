#!/bin/sh
# Makes ura's class-data-sharing archive (lib/app/ura.jsa) for the image at $1 (default: the
# image this script is in): one headless JVM runs info, profile, analyze, callgraph and export-png
# on the bundled training trace (dev.ura.app.cli.ClassDataTraining), and the classes they loaded
# are dumped at exit. CDS only maps an archive made for the jar's own path, so this
# runs where the image lives: at package time for the image, at install time for /opt/ura.
# Failing is harmless: the launcher's -Xshare:auto then starts without the archive.
set -e
image=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -f "$image/lib/app/ura.jsa"
"$image/lib/runtime/bin/java" -XX:ArchiveClassesAtExit="$image/lib/app/ura.jsa" -XX:+UseParallelGC \
    -Xlog:disable -Xlog:all=error:stderr -Djava.awt.headless=true -cp "$image/lib/app/ura.jar" dev.ura.app.cli.ClassDataTraining \
    "$image/lib/app/training.trace" >/dev/null || rm -f "$image/lib/app/ura.jsa"
