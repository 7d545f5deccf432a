#!/usr/bin/env bash
# Compile one SYCL-CTS test file of a configured run.sh build directory with
# -fsyntax-only (host and device front ends, no code generation): the quick
# loop while making a category compile.
#
#   scripts/cts/check.sh <build-dir> <test-file.cpp|generated-file.cpp>
set -euo pipefail
(($# == 2)) || { sed -n '2,6p' "$0"; exit 2; }
build=$1; src=$(realpath "$2")
obj=$(ninja -C "$build" -t targets all 2>/dev/null |
      sed -n 's|^\(tests/[^:]*_objects\.dir/.*\.o\): .*|\1|p' |
      while read -r o; do
        case $o in */"$(basename "$src")".o) echo "$o" ;; esac
      done | head -1)
[ -n "$obj" ] || { echo "check.sh: $src is not a test object of $build" >&2; exit 2; }
cmd=$(ninja -C "$build" -t commands "$obj" | tail -1)
cmd=$(sed 's/ -MD -MT [^ ]* -MF [^ ]* -o [^ ]* -c / -fsyntax-only /' <<< "$cmd")
cd "$build" && eval "$cmd"
