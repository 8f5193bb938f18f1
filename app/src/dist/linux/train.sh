#!/bin/sh
# Makes ura's class-data-sharing archives for the image at $1 (default: the image this script is
# in): lib/app/ura.jsa, from one headless JVM running info, profile, analyze, callgraph and
# export-png on the bundled training trace (dev.ura.app.cli.ClassDataTraining), and
# lib/app/ura-info.jsa, the smaller one bin/ura-cli maps for `ura info`, from info (and --json)
# alone on that trace, a small systrace HTML and the bundled agent log and Perfetto samples; the
# classes each run loaded are dumped at exit. The info run is interpreted (-Xint): with an archive dumped by a run
# that had compiled the systrace reader (JDK 17.0.15), info never compiled two of its hot methods
# again (LineStream.read, HtmlSections.line; 2.0 s of CPU instead of 0.7 on a 36.8 MB systrace HTML).
# CDS only maps an archive made for the jar's own path, so this runs where the image lives: at
# package time for the image, at install time for /opt/ura.
# Failing is harmless: the launcher's -Xshare:auto then starts without the archive.
set -e
image=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -f "$image/lib/app/ura.jsa" "$image/lib/app/ura-info.jsa"
"$image/lib/runtime/bin/java" -XX:ArchiveClassesAtExit="$image/lib/app/ura.jsa" -XX:+UseParallelGC \
    -Xlog:disable -Xlog:all=error:stderr -Djava.awt.headless=true -cp "$image/lib/app/ura.jar" dev.ura.app.cli.ClassDataTraining \
    "$image/lib/app/training.trace" >/dev/null || rm -f "$image/lib/app/ura.jsa"
"$image/lib/runtime/bin/java" -XX:ArchiveClassesAtExit="$image/lib/app/ura-info.jsa" -Xint -XX:+UseSerialGC \
    -Xlog:disable -Xlog:all=error:stderr -Djava.awt.headless=true -cp "$image/lib/app/ura.jar" dev.ura.app.cli.ClassDataTraining \
    --info "$image/lib/app/training.trace" >/dev/null || rm -f "$image/lib/app/ura-info.jsa"
