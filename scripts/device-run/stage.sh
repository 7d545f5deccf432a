#!/usr/bin/env bash
# Stages what a machine without compilers (the GPU machine of the device
# tool) needs to run the e2e programs: the programs of a build dir, sycl-ls,
# libusycl.so and the shared libraries it needs, the device configuration,
# the assert triad benchmark, and this folder's run.sh. The staging folder
# .devrun/ is listed in .git/info/exclude and carried to the device machine
# (docs/testing.md).
#   scripts/device-run/stage.sh [build-dir = build] [extra binaries...]
set -e
here=$(cd "$(dirname "$0")" && pwd)
B=$(cd "${1:-$here/../../build}" && pwd)
shift || true
# The e2e programs are built by the test command, not the build: make them.
cmake --build "$B" --target test-programs
mkdir -p "$here/../../.devrun"
cd "$here/../../.devrun"
rm -rf bin lib share
mkdir -p bin lib share/usycl
cp "$here/run.sh" run.sh
# The e2e programs ctest knows (not leftovers of programs no longer built),
# but those built for the CPU alone (a <name>.cpu-only marker beside them).
for f in "$B"/tests/e2e/*; do
  [ -f "$f" ] && [ -x "$f" ] || continue
  case $f in *.sh|*.o|*.log) continue ;; esac
  [ -e "$f.cpu-only" ] && continue
  grep -qF "$f\"" "$B/tests/e2e/CTestTestfile.cmake" || continue
  cp "$f" bin/
done
# Shared libraries e2e programs link against (device_dynamic_link: found
# through $ORIGIN beside the program).
for f in "$B"/tests/e2e/lib*.so; do [ -f "$f" ] && cp "$f" bin/; done
cp "$B/bin/sycl-ls" bin/
[ -x "$B/benchmarks/assert/triad_assert" ] && cp "$B/benchmarks/assert/triad_assert" bin/
for x in "$@"; do cp "$x" bin/; done
cp "$B/lib/libusycl.so" lib/
cp /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 /lib/x86_64-linux-gnu/libyaml-cpp.so.0.7 lib/
cp "$B/share/usycl/device-config.yaml" share/usycl/
du -sh .
