#!/usr/bin/env bash
# Build step of an e2e program, used by tests/e2e/CMakeLists.txt:
#
#   compile-or-stub.sh <exe> <log> -- <command...> [-- <command...>]...
#
# Runs the commands in order. When all succeed, <exe> is what they built.
# When one fails, the build does NOT fail: <exe> becomes a small script that
# prints the compiler's output and exits 1, so the failure shows up as a
# failing test (with the diagnostics) instead of breaking everyone's build.
set -u
exe=$1
log=$2
shift 2
[ "${1:-}" = "--" ] && shift

rm -f "$exe" "$log"
status=0
while [ $# -gt 0 ]; do
  cmd=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    cmd+=("$1")
    shift
  done
  [ $# -gt 0 ] && shift # the "--"
  [ ${#cmd[@]} -eq 0 ] && continue
  printf '$' >>"$log"
  printf ' %q' "${cmd[@]}" >>"$log"
  printf '\n' >>"$log"
  if ! "${cmd[@]}" >>"$log" 2>&1; then
    status=1
    break
  fi
done

if [ $status -ne 0 ]; then
  rm -f "$exe"
  {
    echo '#!/bin/sh'
    echo "echo 'e2e: this program failed to build; the build log follows:'"
    echo "cat '$log'"
    echo 'exit 1'
  } >"$exe"
  chmod +x "$exe"
  echo "warning: e2e program $(basename "$exe") failed to build (see $log); its tests will fail" >&2
fi
exit 0
