#!/usr/bin/env bash
# Compile-checks HeCBench's SYCL programs (zjin-lcf/HeCBench, src/*-sycl) with
# usycl++ the way their Makefiles compile them (docs/testing.md, "Real
# applications"): for each benchmark, every file of the Makefile's `source`
# list, with its -I/-D/-std/-fopenmp flags, -fsycl -O3 -DUSE_GPU, default targets,
# -fsyntax-only. Prints one line per benchmark (ok / the first error) and a
# summary. Not part of ctest or CI (the suite is a network fetch).
#
#   scripts/apps/hecbench-check.sh <hecbench-checkout> [benchmark-sycl ...]
#
# Environment: USYCL (the driver, default build/bin/usycl++ of this checkout),
# HEC_TIMEOUT (seconds per file, default 300).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usycl=${USYCL:-$here/../../build/bin/usycl++}
(($# >= 1)) || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
src=$(cd "$1/src" && pwd) || exit 2
shift
cd "$src"
benches=("$@")
((${#benches[@]})) || benches=(*-sycl)
ok=0; bad=0
for d in "${benches[@]}"; do
  [ -f "$d/Makefile" ] || continue
  # The Makefile's source list (joined continuation lines) and flags.
  srcs=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$d/Makefile" |
         grep -m1 -E '^\s*source\s*[:+]?=' | sed -E 's/^\s*source\s*[:+]?=\s*//')
  [ -n "$srcs" ] || srcs=$(cd "$d" && ls *.cpp 2>/dev/null)
  flags=$(grep -h -o -- '-I[^ ]*\|-D[A-Za-z_][^ ]*\|-std=[^ ]*\|-fopenmp\b' "$d/Makefile" | sort -u | tr '\n' ' ')
  first=""
  for f in $srcs; do
    out=$(cd "$d" && timeout "${HEC_TIMEOUT:-300}" "$usycl" -std=c++17 $flags -fsycl -O3 -DUSE_GPU \
          -fsyntax-only "$f" 2>&1) && continue
    first=$(printf '%s\n' "$out" | grep -m1 'error' || printf '%s\n' "$out" | tail -1)
    break
  done
  if [ -z "$first" ]; then ok=$((ok + 1)); echo "ok    $d"
  else bad=$((bad + 1)); echo "FAIL  $d: ${first:0:200}"; fi
done
echo "hecbench: $ok compile, $bad fail"
