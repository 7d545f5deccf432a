#!/usr/bin/env bash
# Device-library check: compiles tests/device_lib/device_lib_kernels.cpp (every
# SYCL math builtin, half, vec/marray, atomic_ref/atomic_fence used from
# kernels) for NVPTX sm_90, links libdevice, runs llc (and ptxas when present)
# and checks the IR/PTX for the expected device mapping.
#
# usage: check_device_lib.sh [INCLUDE_DIR]      (default: <repo>/include)
# env:   CLANGXX LLVM_LINK OPT LLC LLVM_DIS PTXAS GXX LIBDEVICE ARCH KEEP=1
#
# The flow mirrors usycl++: device pass with -nocudalib, then libdevice linked
# (only needed, internalized), opt at the same level, llc.
# exit:  0 pass, 1 fail, 77 skipped (no clang-22 / libdevice)
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
inc="${1:-$here/../../include}"
CLANGXX="${CLANGXX:-clang++-22}"
LLVM_LINK="${LLVM_LINK:-llvm-link-22}"
LLC="${LLC:-llc-22}"
OPT="${OPT:-opt-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
GXX="${GXX:-g++}"
ARCH="${ARCH:-sm_90}"
LIBDEVICE="${LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}"
PTXAS="${PTXAS:-$(command -v ptxas 2>/dev/null || echo /usr/local/cuda/bin/ptxas)}"

for tool in "$CLANGXX" "$LLVM_LINK" "$OPT" "$LLC" "$LLVM_DIS"; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not found"; exit 77; }
done
[ -f "$LIBDEVICE" ] || { echo "SKIP: libdevice not found at $LIBDEVICE"; exit 77; }

work="$(mktemp -d "${TMPDIR:-/tmp}/usycl-devlib.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then echo "work dir: $work"; else trap 'rm -rf "$work"' EXIT; fi

fails=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { # run a command, record failure with its output
  local what="$1"; shift
  if "$@" >"$work/log" 2>&1; then pass "$what"; return 0; fi
  fail "$what"; sed 's/^/    /' "$work/log" | head -40; return 1
}
# expect FILE REGEX [DESCRIPTION]: FILE must contain an extended-regex match
expect() {
  if grep -Eq -- "$2" "$1"; then pass "found /$2/ ${3:-}"; else fail "missing /$2/ in $(basename "$1") ${3:-}"; fi
}
# reject FILE REGEX [DESCRIPTION]: FILE must not match
reject() {
  if grep -Eq -- "$2" "$1"; then
    fail "unexpected /$2/ in $(basename "$1") ${3:-}"; grep -En -- "$2" "$1" | head -5 | sed 's/^/    /'
  else pass "no /$2/ ${3:-}"; fi
}

# kernel_body PTX KERNEL: the PTX of one .entry
kernel_body() {
  awk -v k="$2" '/^\.visible \.entry /{inside = index($0, k "(") > 0} inside' "$1"
}
expect_in_kernel() { # PTX KERNEL REGEX DESCRIPTION
  kernel_body "$1" "$2" >"$work/kbody"
  if [ ! -s "$work/kbody" ]; then fail "kernel $2 not found"; return; fi
  if grep -Eq -- "$3" "$work/kbody"; then pass "$2: found /$3/ ${4:-}"; else fail "$2: missing /$3/ ${4:-}"; fi
}
reject_in_kernel() { # PTX KERNEL REGEX DESCRIPTION
  kernel_body "$1" "$2" >"$work/kbody"
  if [ ! -s "$work/kbody" ]; then fail "kernel $2 not found"; return; fi
  if grep -Eq -- "$3" "$work/kbody"; then fail "$2: unexpected /$3/ ${4:-}"; else pass "$2: no /$3/ ${4:-}"; fi
}

src="$here/device_lib_kernels.cpp"
# -nocudalib as usycl++ does: libdevice is linked below, at device-link time
dev_flags=(-fsycl --offload-device-only --offload-arch="$ARCH" -nocudalib -std=c++17 -I"$inc" -Wall -Werror -emit-llvm -c)

# ---- host side of the same source: every template instantiates on the host ----
run "host pass (clang -fsycl --offload-host-only, C++20)" \
  "$CLANGXX" -fsycl --offload-host-only -std=c++20 -I"$inc" -Wall -Werror -c "$src" -o "$work/host.o"
if command -v "$GXX" >/dev/null 2>&1; then
  run "host build with $GXX -std=c++17" "$GXX" -std=c++17 -I"$inc" -Wall -Werror -Wno-psabi -c "$src" -o "$work/host_gxx.o"
fi

# ---- device: -O2 and -O0 ----
for opt in O2 O0; do
  bc="$work/dev_$opt.bc"; linked="$work/dev_${opt}_linked.bc"; ptx="$work/dev_$opt.ptx"
  run "device compile -$opt" "$CLANGXX" "${dev_flags[@]}" -"$opt" "$src" -o "$bc" || continue
  run "llvm-link libdevice --only-needed --internalize (-$opt)" \
    "$LLVM_LINK" "$bc" --only-needed --internalize "$LIBDEVICE" -o "$work/dev_${opt}_l.bc" || continue
  run "opt -$opt after linking libdevice" "$OPT" -"$opt" "$work/dev_${opt}_l.bc" -o "$linked" || continue
  "$LLVM_DIS" "$linked" -o "$work/dev_$opt.ll"
  # math must go through libdevice: no intrinsics the NVPTX backend cannot select
  reject "$work/dev_$opt.ll" '@llvm\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|exp2|exp10|log|log2|log10|pow|powi|ldexp|frexp|sincos|modf)\.f(16|32|64)\b' "(-$opt IR)"
  reject "$work/dev_$opt.ll" '^declare .*@__nv_' "(-$opt IR: unresolved libdevice function)"
  run "llc -mcpu=$ARCH (-$opt)" "$LLC" -march=nvptx64 -mcpu="$ARCH" "$linked" -o "$ptx" || continue
  reject "$ptx" '__nvvm_reflect' "(-$opt PTX: NVVMReflect resolved)"
  # ptxas validates the inline PTX (the -O2 module holds every variant through the
  # run-time order/scope kernel; -O0 PTX is large and slow to assemble).
  if [ "$opt" = O2 ]; then
    if [ -x "$PTXAS" ]; then
      run "ptxas -arch=$ARCH: every inline-PTX variant assembles" "$PTXAS" -O0 -arch="$ARCH" "$ptx" -o "$work/dev_$opt.cubin"
    else
      echo "SKIP: ptxas not found; inline PTX not assembled"
    fi
  fi
done

ptx="$work/dev_O2.ptx"
if [ -f "$ptx" ]; then
  # kernels
  n=$(grep -c '^\.visible \.entry _ZTSN1k' "$ptx")
  [ "$n" -eq 16 ] && pass "16 kernels emitted" || fail "expected 16 kernels, found $n"
  # exact lowering of single functions
  expect_in_kernel "$ptx" _ZTSN1k15only_native_expE 'ex2\.approx(\.ftz)?\.f32' "(native::exp -> __nv_fast_expf)"
  reject_in_kernel "$ptx" _ZTSN1k15only_native_expE 'fma\.rn\.f32' "(native::exp has no accurate range reduction)"
  expect_in_kernel "$ptx" _ZTSN1k8only_expE 'fma\.rn\.f32' "(sycl::exp -> accurate __nv_expf)"
  expect_in_kernel "$ptx" _ZTSN1k15only_native_sinE 'sin\.approx(\.ftz)?\.f32' "(native::sin -> __nv_fast_sinf)"
  reject_in_kernel "$ptx" _ZTSN1k8only_sinE 'sin\.approx' "(sycl::sin is the accurate __nv_sinf)"
  expect_in_kernel "$ptx" _ZTSN1k16only_native_sqrtE 'sqrt\.approx(\.ftz)?\.f32' "(native::sqrt -> sqrt.approx)"
  expect_in_kernel "$ptx" _ZTSN1k9only_sqrtE 'sqrt\.rn(\.ftz)?\.f32' "(sycl::sqrt(float) correctly rounded, as nvcc's sqrtf)"
  reject_in_kernel "$ptx" _ZTSN1k9only_sqrtE 'sqrt\.approx' "(sycl::sqrt(float) is not the approximation)"
  # native:: / half_precision:: -> fast libdevice variants
  expect "$ptx" 'ex2\.approx(\.ftz)?\.f32' "(native::exp/exp2 -> ex2.approx)"
  expect "$ptx" 'sin\.approx(\.ftz)?\.f32' "(native::sin -> __nv_fast_sinf)"
  expect "$ptx" 'cos\.approx(\.ftz)?\.f32' "(native::cos -> __nv_fast_cosf)"
  expect "$ptx" 'lg2\.approx(\.ftz)?\.f32' "(native::log*)"
  expect "$ptx" 'sqrt\.approx(\.ftz)?\.f32' "(native::sqrt)"
  expect "$ptx" 'rsqrt\.approx(\.ftz)?\.f32' "(rsqrt / native::rsqrt)"
  expect "$ptx" 'div\.(full|approx)(\.ftz)?\.f32' "(native::divide/recip)"
  expect "$ptx" 'sqrt\.rn\.f64' "(sycl::sqrt(double), IEEE)"
  # integer built-ins
  expect "$ptx" 'clz\.b32' "(clz)"
  expect "$ptx" 'popc\.b(32|64)' "(popcount)"
  expect "$ptx" 'mul\.hi\.[su]64' "(mul_hi 64-bit)"
  # half and conversions with rounding modes
  expect "$ptx" '(add|sub|mul|fma)\.rn\.f16' "(native half arithmetic)"
  expect "$ptx" 'cvt\.rn\.f16\.f32' "(float -> half)"
  expect "$ptx" 'cvt\.rp\.f32\.f64' "(convert<float, rtp>(double))"
  expect "$ptx" 'cvt\.rni\.(s32\.f32|f32\.f32)' "(convert<int, rte>)"
  expect "$ptx" 'cvt\.rmi\.(s32\.f32|f32\.f32)' "(convert<int, rtn>)"
  # atomics: relaxed below system scope -> LLVM atomics (atom default .relaxed.gpu)
  expect "$ptx" 'atom\.global\.add\.f32' "(relaxed device float fetch_add, global_space)"
  expect "$ptx" 'atom(\.global)?\.add\.u32' "(relaxed device int fetch_add)"
  expect "$ptx" 'atom\.shared\.or\.b64' "(local_space fetch_or)"
  expect "$ptx" 'atom\.shared\.max\.s64' "(local_space signed fetch_max)"
  expect "$ptx" 'atom(\.global)?\.max\.u32' "(sub_group unsigned fetch_max)"
  # ... everything else: exact semantics and scope in inline PTX
  expect "$ptx" 'atom\.acq_rel\.gpu\.add\.u32' "(acq_rel device fetch_add)"
  expect "$ptx" 'atom\.relaxed\.sys\.add\.f32' "(system-scope float fetch_add)"
  expect "$ptx" 'atom\.acquire\.sys\.min\.s32' "(acquire system fetch_min)"
  expect "$ptx" 'atom\.release\.gpu\.or\.b32' "(release fetch_or)"
  expect "$ptx" 'atom\.acq_rel\.cta\.add\.f64' "(acq_rel work_group double fetch_add)"
  expect "$ptx" 'atom\.acq_rel\.gpu\.min\.u64' "(seq_cst unsigned long long fetch_min)"
  expect "$ptx" 'atom\.acq_rel\.gpu\.exch\.b32' "(exchange)"
  expect "$ptx" 'atom\.(acq_rel|acquire)\.gpu\.cas\.b32' "(compare_exchange)"
  expect "$ptx" 'atom\.relaxed\.gpu\.cas\.b32' "(float fetch_max CAS loop)"
  expect "$ptx" 'ld\.acquire\.cta\.b64' "(acquire load, work_group)"
  expect "$ptx" 'st\.release\.cta\.b64' "(release store, work_group)"
  expect "$ptx" 'ld\.acquire\.gpu\.b32' "(acquire load, device)"
  expect "$ptx" 'fence\.sc\.cta' "(seq_cst work_group op / fence)"
  expect "$ptx" 'fence\.acq_rel\.cta' "(atomic_fence acq_rel work_group)"
  expect "$ptx" 'fence\.sc\.gpu' "(atomic_fence seq_cst device)"
  expect "$ptx" 'fence\.acq_rel\.sys' "(atomic_fence release system)"
  # run-time orders/scopes: all variants are present
  for sem in relaxed acquire release acq_rel; do
    for sc in cta gpu sys; do
      expect "$ptx" "atom\\.$sem\\.$sc\\.add\\.u32" "(run-time order/scope dispatch)"
    done
  done
  reject "$ptx" 'atom\.(acquire|release|acq_rel)\.[a-z]+\.add\.s32' "(adds use .u32)"
  reject "$ptx" 'ld\.(release|acq_rel)|st\.(acquire|acq_rel)' "(no invalid load/store semantics)"
fi

# ---- std:: math in kernels with -fmath-errno (C math wrappers in libdevice.hpp) ----
csrc="$here/cmath_in_kernel.cpp"
if run "device compile cmath_in_kernel.cpp -fmath-errno" \
     "$CLANGXX" "${dev_flags[@]}" -O2 -fmath-errno "$csrc" -o "$work/cm.bc"; then
  "$LLVM_LINK" "$work/cm.bc" --only-needed --internalize "$LIBDEVICE" -o "$work/cm_l.bc" && \
    "$OPT" -O2 "$work/cm_l.bc" -o "$work/cm_linked.bc" && \
    "$LLVM_DIS" "$work/cm_linked.bc" -o "$work/cm.ll"
  reject "$work/cm.ll" '@llvm\.(sin|cos|exp|log|log10|pow|acos|tgamma|exp2|cbrt|erf|lgamma|atan2)\.f(32|64)\b' "(std:: math -> libdevice)"
  reject "$work/cm.ll" '^declare .* @(sinf|sin|cosf|expf|exp|logf|powf|acos|tgammaf|erf|lgamma)\(' "(C math functions resolved)"
  run "llc cmath_in_kernel" "$LLC" -march=nvptx64 -mcpu="$ARCH" "$work/cm_linked.bc" -o "$work/cm.ptx"
fi

echo
if [ "$fails" -ne 0 ]; then echo "device_lib: $fails check(s) FAILED"; exit 1; fi
echo "device_lib: all checks passed"
