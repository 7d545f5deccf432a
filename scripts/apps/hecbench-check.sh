#!/usr/bin/env bash
# Compile-checks HeCBench's SYCL programs (zjin-lcf/HeCBench, src/*-sycl) with
# usycl++ exactly as their Makefiles compile them for an NVIDIA GPU
# (docs/testing.md, "Real applications"): `make -n -B CC=usycl++ CUDA=yes
# CUDA_ARCH=sm_90` lists each benchmark's compile commands; each is run with
# -fsyntax-only in place of -c/-o (link steps are skipped). Prints one line per
# benchmark (ok / the first error) and a summary. Not part of ctest or CI (the
# suite is a network fetch).
#
#   scripts/apps/hecbench-check.sh <hecbench-checkout> [benchmark-sycl ...]
#
# Environment: USYCL (the driver, default build/bin/usycl++ of this checkout),
# HEC_TIMEOUT (seconds per file, default 300), HEC_MAKE_ARGS (more make
# variables, e.g. "CUDA=no" for the default targets).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usycl=${USYCL:-$(cd "$here/../.." && pwd)/build/bin/usycl++}
(($# >= 1)) || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
src=$(cd "$1/src" && pwd) || exit 2
shift
cd "$src"
benches=("$@")
((${#benches[@]})) || benches=(*-sycl)

# One compile command of the Makefile as a syntax check: no -c, no -o FILE, no
# object inputs. Prints nothing for a pure link step.
syntax_only() {
  local -a in out=()
  read -r -a in <<< "$1"
  local i=1 has_source=0
  while ((i < ${#in[@]})); do
    case ${in[i]} in
      -c) ;;
      -o) i=$((i + 1)) ;;
      -o*) ;;
      *.o|*.a|*.so) ;;
      *.cpp|*.cc|*.cxx|*.c|*.C) has_source=1; out+=("${in[i]}") ;;
      *) out+=("${in[i]}") ;;
    esac
    i=$((i + 1))
  done
  ((has_source)) && printf '%s ' "$usycl" "${out[@]}" -fsyntax-only
}

ok=0; bad=0
for d in "${benches[@]}"; do
  [ -f "$d/Makefile" ] || continue
  # shellcheck disable=SC2086
  cmds=$(make -C "$d" -n -B --no-print-directory CC="$usycl" GCC_TOOLCHAIN= CUDA=yes \
         CUDA_ARCH=sm_90 ${HEC_MAKE_ARGS:-} 2>/dev/null | grep -F "$usycl ")
  first=""
  [ -n "$cmds" ] || first="make -n lists no usycl++ command"
  while IFS= read -r cmd; do
    [ -n "$first" ] && break
    check=$(syntax_only "$cmd")
    [ -n "$check" ] || continue
    out=$(cd "$d" && timeout "${HEC_TIMEOUT:-300}" bash -c "$check" 2>&1) && continue
    first=$(printf '%s\n' "$out" | grep -m1 'error' || printf '%s\n' "$out" | tail -1)
  done <<< "$cmds"
  if [ -z "$first" ]; then ok=$((ok + 1)); echo "ok    $d"
  else bad=$((bad + 1)); echo "FAIL  $d: ${first:0:200}"; fi
done
echo "hecbench: $ok compile, $bad fail"
