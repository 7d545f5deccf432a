#!/usr/bin/env bash
# Runs the device library on a real NVIDIA GPU and compares with the host:
#  * math accuracy (ulp bounds) of sycl:: float/double functions vs the host,
#  * bit-exact half arithmetic, rounding-mode conversions and integer built-ins,
#  * atomic_ref / atomic_fence under contention (120 blocks x 256 work-items).
#
# usage: run_on_gpu.sh build OUTDIR [INCLUDE_DIR]   (needs clang-22, llc-22; no GPU)
#        run_on_gpu.sh run OUTDIR                   (needs libcuda + GPU; no clang)
#        run_on_gpu.sh all OUTDIR [INCLUDE_DIR]     (both)
# exit:  0 pass, 1 fail, 77 skipped (no GPU / no toolchain)
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="${1:-all}"
out="${2:-$PWD/device_lib_gpu}"
inc="${3:-$here/../../include}"
CLANGXX="${CLANGXX:-clang++-22}"
LLVM_LINK="${LLVM_LINK:-llvm-link-22}"
LLC="${LLC:-llc-22}"
OPT="${OPT:-opt-22}"
HOSTCXX="${HOSTCXX:-g++}"
ARCH="${ARCH:-sm_90}"
LIBDEVICE="${LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}"

build() {
  for tool in "$CLANGXX" "$LLVM_LINK" "$OPT" "$LLC" "$HOSTCXX"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not found"; exit 77; }
  done
  mkdir -p "$out" || exit 1
  "$CLANGXX" -fsycl --offload-device-only --offload-arch="$ARCH" -nocudalib -O2 -std=c++17 -I"$inc" \
    -emit-llvm -c "$here/gpu_kernels.cpp" -o "$out/gpu_kernels.bc" || exit 1
  # as usycl++: libdevice linked at device-link time (only needed, internalized), then opt
  "$LLVM_LINK" "$out/gpu_kernels.bc" --only-needed --internalize "$LIBDEVICE" -o "$out/gpu_kernels_l.bc" || exit 1
  "$OPT" -O2 "$out/gpu_kernels_l.bc" -o "$out/gpu_kernels_linked.bc" || exit 1
  "$LLC" -march=nvptx64 -mcpu="$ARCH" "$out/gpu_kernels_linked.bc" -o "$out/kernels.ptx" || exit 1
  "$HOSTCXX" -std=c++17 -O1 -Wno-psabi -I"$inc" "$here/gpu_check.cpp" -ldl -o "$out/gpu_check" || exit 1
  echo "built $out/gpu_check and $out/kernels.ptx"
}
run() {
  [ -x "$out/gpu_check" ] || { echo "FAIL: $out/gpu_check missing (run the build step)"; exit 1; }
  "$out/gpu_check" "$out/kernels.ptx"
}
case "$mode" in
  build) build ;;
  run) run ;;
  all) build && run ;;
  *) echo "usage: $0 build|run|all OUTDIR [INCLUDE_DIR]"; exit 2 ;;
esac
