#!/usr/bin/env bash
# Builds ura's Linux app image and .deb with jpackage (run by `./mvnw -Pdist package`).
# Usage: package.sh JAR OUT_DIR
#   JAR      the runnable jar (app/target/ura.jar); the packages get its version (jar-version.sh),
#            the one `ura --version` prints
#   OUT_DIR  where the runtime, the image and the .deb go (app/target/dist)
# Steps: a trimmed Java runtime (jlink, with the JDK's class-data-sharing archive), the app image
# (launcher bin/ura, the jar, the JVM options), then ura's own CDS archive made by running the image
# once on a bundled sample, then the .deb (desktop entry, icon, file associations, /usr/bin/ura).
set -euo pipefail
jar=$(realpath "$1") out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
version=$(sh "$here/jar-version.sh" "$jar")
jdk_bin=${JAVA_HOME:+$JAVA_HOME/bin/}
rm -rf "$out" && mkdir -p "$out/input"
cp "$jar" "$out/input/ura.jar"
# The trace the CDS training run opens (here, and again by the .deb's postinst at /opt/ura).
(cd "$out/input" && "${jdk_bin}jar" xf ura.jar samples/news-launch.trace && mv samples/news-launch.trace training.trace \
    && rmdir samples)

# Modules ura uses (jdeps on the jar), plus those it reaches only by reflection or on demand
# (java.logging: FlatLaf and JFreeChart log through it, which jdeps does not see; java.sql: Jackson):
# jdk.management for memory figures, jdk.attach and java.instrument for the recording agent,
# jdk.accessibility for screen readers, jdk.zipfs and the charsets for files users bring.
mods=$("${jdk_bin}jdeps" --ignore-missing-deps --print-module-deps --multi-release 17 "$out/input/ura.jar")
mods="$mods,java.logging,java.sql,jdk.management,jdk.attach,java.instrument,jdk.accessibility,jdk.zipfs,jdk.charsets,jdk.unsupported"
"${jdk_bin}jlink" --add-modules "$mods" --output "$out/runtime" --strip-debug --no-man-pages \
    --no-header-files --generate-cds-archive

# JVM options: the heap may take half of the RAM (a trace and its model need about twice the file);
# the parallel collector gives the heap back less eagerly than G1 but starts smaller and costs less
# CPU on two cores; compiling methods after 5x the JVM's default invocation counts keeps the JIT
# from compiling start-up code that runs a few times (a third of a short command's CPU went to the
# compiler threads; the hot loops still compile within milliseconds); ura's CDS archive (below)
# makes start-up fast.
"${jdk_bin}jpackage" --type app-image --name ura --app-version "$version" --vendor "ura" \
    --description "Screen-centric response-time explorer for Android method traces and agent logs" \
    --input "$out/input" --main-jar ura.jar --main-class dev.ura.app.Main \
    --runtime-image "$out/runtime" --icon "$here/ura.png" --dest "$out/image" \
    --java-options '-XX:MaxRAMPercentage=50' \
    --java-options '-XX:+UseParallelGC' \
    --java-options '-XX:CompileThresholdScaling=5' \
    --java-options '-XX:SharedArchiveFile=$APPDIR/ura.jsa' \
    --java-options '-Xshare:auto' \
    --java-options '-Xlog:disable' \
    --java-options '-Xlog:all=warning:stderr'

# DuckDB (ura batch, store, regress --store, the Runs window's stores): the build platform's jar only,
# which Maven copies beside ura.jar, so the package carries one native library, its own platform's,
# not the 80 MB of every platform's. It goes into the image after jpackage, not through --input:
# jpackage would add it to the launcher's class path, while ura.jar's manifest (Class-Path) already
# names it; the class path stays ura.jar alone, as the class-data-sharing archive is made for.
duckdb="$(dirname "$jar")/duckdb_jdbc.jar"
if [ -f "$duckdb" ]; then
  cp "$duckdb" "$out/image/ura/lib/app/duckdb_jdbc.jar"
else
  echo "package.sh: $duckdb missing; the package will lack the run store (ura batch, store)" >&2
fi

# bin/ura-cli, what /usr/bin/ura links to: this image's JVM started directly, with the class path,
# main class and options jpackage wrote to lib/app/ura.cfg. JDK 17's launcher (bin/ura) runs rpm and
# dpkg at every start to find the package that owns it (about 0.13 s of CPU a command, more than
# `ura info` on a small trace needs in all); the desktop entry and the file types keep bin/ura.
image="$out/image/ura"
bash "$here/linux/cli-script.sh" "$image"

# ura's class-data-sharing archive: the classes a typical command loads, dumped at exit of one run.
# CDS checks the jar's absolute path, so this archive serves the image where it is built (and a
# copy run from the same path); the .deb's postinst makes it again for /opt/ura (train.sh).
cp "$here/linux/train.sh" "$image/lib/app/train.sh"
bash "$image/lib/app/train.sh" "$image"

if command -v dpkg-deb >/dev/null && command -v fakeroot >/dev/null; then
  # The image's archive names the image's path, useless in /opt/ura, where postinst makes its own
  # (and prerm removes it): leave it out of the .deb (2 MB less, and dpkg -V stays clean).
  mv "$image/lib/app/ura.jsa" "$out/ura.jsa.image" 2>/dev/null || true
  mv "$image/lib/app/ura-info.jsa" "$out/ura-info.jsa.image" 2>/dev/null || true
  (cd "$here/../.." && "${jdk_bin}jpackage" --type deb --app-image "$image" --name ura --app-version "$version" \
      --vendor "ura" --description "Screen-centric response-time explorer for Android method traces and agent logs" \
      --dest "$out" --resource-dir "$here/linux" \
      --linux-package-name ura --linux-shortcut --linux-menu-group "Development" --linux-app-category devel \
      --file-associations src/dist/fa-trace.properties \
      --file-associations src/dist/fa-jsonl.properties \
      --file-associations src/dist/fa-ura-zip.properties \
      --install-dir /opt)
  mv "$out/ura.jsa.image" "$image/lib/app/ura.jsa" 2>/dev/null || true
  mv "$out/ura-info.jsa.image" "$image/lib/app/ura-info.jsa" 2>/dev/null || true
else
  echo "package.sh: dpkg-deb or fakeroot missing; built the app image only ($image)" >&2
fi
ls -l "$out"
