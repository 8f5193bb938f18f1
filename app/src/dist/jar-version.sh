#!/bin/sh
# Prints the version the packages of JAR get: the jar's Implementation-Version, which is what
# `ura --version` reports (both come from the pom's version), so the package and the program agree.
# Refuses anything but digits and dots (1 to 4 numbers): jpackage needs that, and a -SNAPSHOT build
# must not be shipped under a release's number.
# Usage: jar-version.sh JAR     (uses $JAVA_HOME/bin/jar when JAVA_HOME is set)
set -eu
jar_file=$1
jdk_bin=${JAVA_HOME:+$JAVA_HOME/bin/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && "${jdk_bin}jar" xf "$(realpath "$jar_file")" META-INF/MANIFEST.MF)
version=$(sed -n 's/^Implementation-Version: *//p' "$tmp/META-INF/MANIFEST.MF" 2>/dev/null | tr -d '\r' | head -n 1)
if [ -z "$version" ]; then
  echo "jar-version.sh: $jar_file has no Implementation-Version in its manifest" >&2
  exit 1
fi
if ! printf '%s\n' "$version" | grep -Eq '^[0-9]+(\.[0-9]+){0,3}$'; then
  echo "jar-version.sh: $jar_file is version '$version'; packages need a release version (digits and dots): set it in pom.xml" >&2
  exit 1
fi
printf '%s\n' "$version"
