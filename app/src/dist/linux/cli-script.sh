#!/usr/bin/env bash
# Writes IMAGE/bin/ura-cli, what /usr/bin/ura links to: the image's JVM started directly with the
# class path, main class and JVM options jpackage wrote to IMAGE/lib/app/ura.cfg (one source of
# truth), $APPDIR standing for the image's lib/app wherever the image is at run time.
# Usage: cli-script.sh IMAGE
set -euo pipefail
image=$1
cfg="$image/lib/app/ura.cfg"
[ -f "$cfg" ] || { echo "cli-script.sh: no $cfg" >&2; exit 1; }

# One ura.cfg value as a double-quoted sh word: \ " ` $ escaped, $APPDIR made "$image/lib/app".
quoted() {
  local v=${1//\\/\\\\}
  v=${v//\"/\\\"}
  v=${v//\`/\\\`}
  v=${v//\$APPDIR/$'\001'}
  v=${v//\$/\\\$}
  v=${v//$'\001'/\$image/lib/app}
  printf ' "%s"' "$v"
}

# Options added for the short read-and-print commands only (measured in docs/install.md): the client
# compiler alone (C2 spent more CPU compiling a system trace's reader and rules than it saved:
# info on a 37 MB systrace HTML 1.56 -> 0.96 s, analyze 4.5 -> 2.1 s; a 200 MB method trace's
# info +6 %, its analyze the same) and a 16 MB starting heap (the parallel collector starts with a
# third of RAM/64 as young generation, all of it touched before the first collection: 105 -> 87 MB
# peak for that info). info, whose heap holds one model at most, also gets the serial collector, a
# young generation that starts at 2 MB and stays a ninth of the heap, and a heap that grows by small
# steps: peak RSS of that info 90 -> 73 MB at the same CPU (every page of a young generation is
# touched between collections; a 105 MB agent log's info keeps its CPU, which a young generation
# fixed at 2 MB raised by a fifth). info also maps ura-info.jsa instead of ura.jsa (train.sh): the
# JVM touches most of the archive it maps, and ura.jsa, made for every command, added 12 MB to that
# info's peak (a JVM that cannot map it starts without it, as with ura.jsa). The window and the
# other commands keep ura.cfg's options alone. info's methods of ura itself (dev.ura.*) are compiled
# at a fifth of the cfg's CompileThresholdScaling=5, i.e. at the JVM's own counts: the systrace
# reader's parsing and model code then runs compiled sooner (its thread's CPU on a 36.8 MB HTML
# -25 %), while the JDK's start-up code keeps the higher counts (the JVM's counts for every method
# cost a small file's info a fifth more CPU). CompileCommand=quiet keeps the JVM from printing the
# command on standard output; the generated script turns pathname expansion off for the '*'s.
analyze_options='-XX:TieredStopAtLevel=1 -Xms16m'
info_options='-XX:TieredStopAtLevel=1 -XX:-UseParallelGC -XX:+UseSerialGC -Xms16m -XX:NewSize=2m -XX:NewRatio=8 -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,dev.ura.*::*,0.2'

main=$(sed -n 's/^app\.mainclass=//p' "$cfg")
classpath=$(sed -n 's/^app\.classpath=//p' "$cfg")
[[ $main =~ ^[A-Za-z_$][A-Za-z0-9_$.]*$ ]] || { echo "cli-script.sh: main class '$main' in $cfg" >&2; exit 1; }
[ -n "$classpath" ] || { echo "cli-script.sh: no app.classpath in $cfg" >&2; exit 1; }
{
  echo '#!/bin/sh'
  echo '# ura on the PATH: the JVM of this image with the options of lib/app/ura.cfg (written by'
  echo '# cli-script.sh at package time). bin/ura, the jpackage launcher, asks rpm and dpkg which'
  echo '# package owns it at every start (0.13 s of CPU a command); the desktop entry keeps it.'
  echo 'self=$(readlink -f "$0") || exit 1'
  echo 'image=${self%/bin/ura-cli}'
  echo '# info and analyze also get the client compiler only and a small heap to start with; info the serial'
  echo '# collector with a small young generation and its own, smaller archive, ura-info.jsa (docs/install.md).'
  echo 'short= archive='
  echo "case \${1-} in info) short='$info_options' archive=-XX:SharedArchiveFile=\$image/lib/app/ura-info.jsa ;;"
  echo "  analyze) short='$analyze_options' ;; esac"
  echo 'set -f # the options are split into words, never expanded as file names'
  printf 'exec "$image/lib/runtime/bin/java"'
  while IFS= read -r line; do
    case $line in java-options=*) quoted "${line#java-options=}" ;; esac
  done < "$cfg"
  printf ' $short ${archive:+"$archive"} -cp'
  quoted "$classpath"
  printf ' %s "$@"\n' "$main"
} > "$image/bin/ura-cli.tmp"
chmod 755 "$image/bin/ura-cli.tmp"
mv "$image/bin/ura-cli.tmp" "$image/bin/ura-cli"
