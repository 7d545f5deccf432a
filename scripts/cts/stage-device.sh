#!/usr/bin/env bash
# Stages a SYCL-CTS build for a GPU machine without compilers (the device
# tool's): the test programs of <build-dir> (xz-compressed: they carry the
# device images of every target), the runner's plan, run.sh/cts.py and the
# libusycl.so they were built against (<build-dir>/usycl/lib, or USYCL_PREFIX's:
# the runtime's kernel-launch ABI may have moved on since), into <stage>/cts/.
# scripts/device-run/stage.sh must have staged the libraries libusycl.so needs
# into <stage>/lib first.
#   scripts/cts/stage-device.sh <build-dir> [stage = .devrun]
# On the GPU machine: bash <stage>/cts/run-device.sh [category...] [--timeout S]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
stage=${2:-$here/../../.devrun}
[ -f "$build/plan.json" ] || { echo "stage-device.sh: $build has no plan.json (run run.sh there first)" >&2; exit 1; }
[ -d "$stage/lib" ] || { echo "stage-device.sh: stage the runtime libraries first (scripts/device-run/stage.sh)" >&2; exit 1; }
rm -rf "$stage/cts"
mkdir -p "$stage/cts/build/bin"
cp "$here/run.sh" "$here/cts.py" "$stage/cts/"
mkdir -p "$stage/cts/lib"
prefix=${USYCL_PREFIX:-$build/usycl}
cp "$prefix/lib/libusycl.so" "$stage/cts/lib/"
cp -r "$prefix/share" "$stage/cts/"
cp "$build/plan.json" "$stage/cts/build/"
[ -f "$build/failed-objects.json" ] && cp "$build/failed-objects.json" "$stage/cts/build/"
progs=$(cd "$build" && ls bin/test_* 2>/dev/null || true)
[ -n "$progs" ] || { echo "stage-device.sh: no test programs in $build/bin" >&2; exit 1; }
(cd "$build" && tar cf - $progs) | xz -T0 -6 > "$stage/cts/programs.tar.xz"
cat > "$stage/cts/run-device.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the staged CTS programs on cuda:* (see scripts/cts/stage-device.sh).
set -euo pipefail
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:$PWD/../lib
[ -d build/bin ] && [ -n "$(ls build/bin)" ] || xz -dc programs.tar.xz | tar xf - -C build
cats=("$@")
if ! ((${#cats[@]})) || [[ ${cats[0]} == --* ]]; then
  mapfile -t all < <(python3 -c 'import json,sys; [print(c) for c in json.load(open(sys.argv[1]))]' build/plan.json)
  cats=("${all[@]}" "$@")
fi
bash ./run.sh /nonexistent build "${cats[@]}" --device cuda --no-build
RUN
du -sh "$stage/cts"
