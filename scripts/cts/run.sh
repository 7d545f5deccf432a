#!/usr/bin/env bash
# Build and run SYCL-CTS categories against usycl (docs/testing.md, "Conformance").
#
#   scripts/cts/run.sh <cts-checkout> <build-dir> [category...] [options]
#     --device cpu|cuda   device to build for and run on (default cpu). cpu builds
#                         with -fsycl-targets=x86_64 and runs with
#                         ONEAPI_DEVICE_SELECTOR=native_cpu:*; cuda builds for the
#                         usycl++ default targets and runs on cuda:*
#     --no-build          only run what is already built (e.g. on a GPU machine)
#     --no-run            only build and count the compiled test files
#     --timeout S         per test case (default 300); a hang counts as a failure
#   No category: the host-side set of issue 16 (HOST_CATEGORIES below).
#   Extension categories are named by their folder, e.g.
#   extension/oneapi_sub_group_mask; run.sh turns on the suite option they need.
#
# Environment: USYCL_PREFIX (an installed usycl; default: this checkout's
# build/ installed into <build-dir>/usycl), CTS_JOBS (parallel compiles,
# default nproc), CTS_BUILD_TYPE (CMAKE_BUILD_TYPE of the suite, default
# Release).
#
# The checkout is the upstream suite (KhronosGroup/SYCL-CTS with its vendor/
# submodules); this script copies FindUSYCL.cmake and AdaptUSYCL.cmake into its
# cmake/ and adds USYCL to its list of implementations. Nothing else changes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

HOST_CATEGORIES="exceptions exception_handling error platform device device_selector context
queue event handler host_task kernel kernel_args kernel_bundle spec_constants buffer
accessor_basic accessor_generic accessor_legacy accessor_placeholder host_accessor
local_accessor usm id range item nd_item nd_range group property header namespace invoke
is_device_copyable reduction atomic atomic_ref atomic_fence bit_cast function_objects
optional_kernel_features sycl_external"

usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
(($# >= 2)) || usage
cts=$1; build=$2; shift 2
device=cpu; do_build=1; do_run=1; timeout=300; cats=()
while (($#)); do
  case $1 in
    --device) device=$2; shift ;;
    --device=*) device=${1#*=} ;;
    --no-build) do_build=0 ;;
    --no-run) do_run=0 ;;
    --timeout) timeout=$2; shift ;;
    -h|--help) usage ;;
    -*) echo "run.sh: unknown option $1" >&2; usage ;;
    *) cats+=("$1") ;;
  esac
  shift
done
((${#cats[@]})) || read -r -a cats <<< "$(echo $HOST_CATEGORIES)"
case $device in
  cpu) selector='native_cpu:*'; targets=x86_64 ;;
  cuda) selector='cuda:*'; targets= ;;
  *) echo "run.sh: --device must be cpu or cuda, not '$device'" >&2; exit 2 ;;
esac
if ((do_build)); then
  for c in "${cats[@]}"; do
    [ -d "$cts/tests/$c" ] || { echo "run.sh: no category '$c' in $cts/tests" >&2; exit 2; }
  done
fi
mkdir -p "$build"; build=$(cd "$build" && pwd)

if ((do_build)); then
  cts=$(cd "$cts" && pwd)
  prefix=${USYCL_PREFIX:-}
  if [ -z "$prefix" ]; then
    prefix=$build/usycl
    flock "$repo/build/.usycl-build.lock" cmake --install "$repo/build" --prefix "$prefix" >/dev/null
  fi
  cp "$here/FindUSYCL.cmake" "$here/AdaptUSYCL.cmake" "$cts/cmake/"
  grep -q '"[^"]*USYCL' "$cts/cmake/AddSYCLExecutable.cmake" ||
    sed -i 's/^set (KNOWN_SYCL_IMPLEMENTATIONS "\(.*\)")/set (KNOWN_SYCL_IMPLEMENTATIONS "\1;USYCL")/' \
      "$cts/cmake/AddSYCLExecutable.cmake"
  # The suite's compile-time list of implementations (DISABLED_FOR_TEST_CASE):
  # usycl disables nothing, it only has to be a known name.
  grep -q 'SYCL_CTS_COMPILING_WITH_USYCL' "$cts/tests/common/disabled_for_test_case.h" ||
    sed -i 's/^#else$/#elif SYCL_CTS_COMPILING_WITH_USYCL\n#define INTERNAL_CTS_SYCL_IMPL_USYCL ()\n#else/' \
      "$cts/tests/common/disabled_for_test_case.h"
  # Only the chosen categories are configured (the others would generate
  # thousands of sources at configure time). The suite excludes by folder
  # name, so an extension category (extension/<name>) keeps extension/ and
  # excludes its unchosen siblings.
  { ls "$cts/tests" | grep -vxF -f <(printf '%s\n' "${cats[@]%%/*}")
    ls "$cts/tests/extension" | grep -vxF -f <(printf '%s\n' "${cats[@]}" | sed -n 's|^extension/||p')
  } > "$build/excluded-categories.txt" || true
  # An extension category builds only with its suite option on:
  # extension/oneapi_<x> -> SYCL_CTS_ENABLE_EXT_ONEAPI_<X>_TESTS,
  # extension/khr_<x> -> SYCL_CTS_ENABLE_KHR_<X>_TESTS (as the suite names them).
  ext_options=()
  for c in "${cats[@]}"; do
    [[ $c == extension/* ]] || continue
    name=$(tr a-z A-Z <<< "${c#extension/}"); name=${name/#ONEAPI_/EXT_ONEAPI_}
    opt=$(grep -o "SYCL_CTS_ENABLE_${name}\(_TESTS\)\?\b" "$cts/CMakeLists.txt" | head -1)
    [ -n "$opt" ] || { echo "run.sh: the suite has no option that enables $c" >&2; exit 2; }
    ext_options+=("-D$opt=ON")
  done
  cmake -S "$cts" -B "$build" -G Ninja -Wno-dev \
    -DSYCL_IMPLEMENTATION=USYCL -DUSYCL_INSTALL_DIR="$prefix" -DUSYCL_TARGETS="$targets" \
    -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_BUILD_TYPE="${CTS_BUILD_TYPE:-Release}" \
    -DSYCL_CTS_ENABLE_OPENCL_INTEROP_TESTS=OFF -DSYCL_CTS_ENABLE_DOUBLE_TESTS=ON \
    -DSYCL_CTS_ENABLE_HALF_TESTS=ON -DSYCL_CTS_ENABLE_DEPRECATED_FEATURES_TESTS=ON \
    -DSYCL_CTS_EXCLUDE_TEST_CATEGORIES="$build/excluded-categories.txt" ${ext_options[@]+"${ext_options[@]}"} \
    > "$build/configure.log" 2>&1 ||
    { tail -30 "$build/configure.log"; echo "run.sh: configuring the suite failed ($build/configure.log)" >&2; exit 1; }
fi

# On a machine without the build tree (--no-build on a GPU machine) the plan
# of the build that made the programs is used.
if [ -f "$build/build.ninja" ]; then
  python3 "$here/cts.py" plan "$build" "${cats[@]}" > "$build/plan.json"
fi

if ((do_build)); then
  mapfile -t exes < <(python3 -c 'import json,sys; [print(e) for c in json.load(open(sys.argv[1])).values() for e in c["executables"]]' "$build/plan.json")
  mapfile -t objs < <(python3 -c 'import json,sys; [print(o) for c in json.load(open(sys.argv[1])).values() for o in c["objects"]]' "$build/plan.json")
  echo "run.sh: building ${#objs[@]} test files of ${#cats[@]} categories (log: $build/build.log)"
  ninja -C "$build" -k 0 -j "${CTS_JOBS:-$(nproc)}" "${exes[@]}" > "$build/build.log" 2>&1 || true
  printf '%s\n' "${objs[@]}" | python3 -c 'import json,sys; json.dump(sys.stdin.read().split(), sys.stdout)' > "$build/objects.json"
  python3 "$here/cts.py" stale "$build" "$build/objects.json" > "$build/failed-objects.json"
fi

export ONEAPI_DEVICE_SELECTOR=$selector
printf '%-28s %9s %7s %7s %7s\n' category compiled passed failed skipped
total_pass=0; total_fail=0; total_skip=0
rm -f "$build/failures.txt.new"
for c in "${cats[@]}"; do
  read -r nobj nbad <<< "$(python3 -c '
import json,sys,os
plan=json.load(open(sys.argv[1]))[sys.argv[2]]
bad=json.load(open(sys.argv[3])) if os.path.exists(sys.argv[3]) else []
print(len(plan["objects"]), sum(1 for o in plan["objects"] if o in bad))' "$build/plan.json" "$c" "$build/failed-objects.json")"
  pass=0; fail=0; skip=0
  if ((do_run)); then
    mapfile -t exes < <(python3 -c 'import json,sys; [print(e) for e in json.load(open(sys.argv[1]))[sys.argv[2]]["executables"]]' "$build/plan.json" "$c")
    for e in "${exes[@]}"; do
      if [ ! -x "$build/$e" ]; then continue; fi
      res=$(python3 "$here/cts.py" run "$build/$e" "" "$timeout" "$build/logs/$c")
      read -r p f s <<< "$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print(r["passed"], r["failed"], r["skipped"])' "$res")"
      pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
      python3 -c 'import json,sys; [print("    FAILED", sys.argv[2] + ":", n) for n in json.loads(sys.argv[1])["failed_cases"]]' "$res" "$(basename "$e")" >> "$build/failures.txt.new"
    done
  fi
  printf '%-28s %4d/%-4d %7d %7d %7d\n' "$c" $((nobj - nbad)) "$nobj" $pass $fail $skip
  total_pass=$((total_pass + pass)); total_fail=$((total_fail + fail)); total_skip=$((total_skip + skip))
done
[ -f "$build/failures.txt.new" ] && mv "$build/failures.txt.new" "$build/failures.txt"
[ -s "$build/failures.txt" ] && echo "failed test cases: $build/failures.txt"
echo "skipped: $total_skip"
echo "cts: $total_pass passed, $total_fail failed"
