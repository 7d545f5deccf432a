#!/usr/bin/env bash
# USYCL_TRACE (docs/trace.md):
#   trace_test.sh <trace_probe program> [cuda <sycl-ls>]
# Off: no trace line. 1: discovery, the launch with the kernel's name and
# range, the copies with their sizes, USM allocations. USYCL_TRACE_FILE:
# the lines go to the file, not stderr. A bad value: a warning, no trace.
# On the CPU device by default; with `cuda`, on the GPU (exit 77, skipped,
# without one), where level 2 also shows each CUDA driver call.
set -u
prog=$1 backend=${2:-native_cpu}
if [ "$backend" = cuda ]; then
  if ! "$3" 2>/dev/null | grep -q '^\[cuda:'; then
    echo "no CUDA device: skipped"
    exit 77
  fi
fi
export ONEAPI_DEVICE_SELECTOR="$backend:*"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export USYCL_CACHE_DIR=$work/cache # keep the user's kernel cache out of it
fail() {
  echo "FAIL: $*" >&2
  [ -f "$work/out" ] && sed 's/^/  | /' "$work/out" >&2
  exit 1
}
expect() { grep -qF -- "$1" "$work/out" || fail "the trace lacks '$1'"; }

env -u USYCL_TRACE -u USYCL_TRACE_FILE "$prog" > "$work/out" 2>&1 || fail "the program failed without tracing"
grep -q 'usycl-trace' "$work/out" && fail "trace lines without USYCL_TRACE"

USYCL_TRACE=1 "$prog" > "$work/out" 2>&1 || fail "the program failed with USYCL_TRACE=1"
expect "discovery: $backend device:"
expect "launch: 'TraceProbeKernel' (_ZTS16TraceProbeKernel) on "
expect ": range {64}"
expect "memcpy: 256 bytes"
expect "usm: malloc_device 256 bytes"
expect "usm: free "
expect "trace_probe: PASSED"

if [ "$backend" = cuda ]; then
  USYCL_TRACE=2 "$prog" > "$work/out" 2>&1 || fail "the program failed with USYCL_TRACE=2"
  expect "cuda: cuInit -> CUDA_SUCCESS"
  expect "cuda: cuLaunchKernel -> CUDA_SUCCESS"
  expect "module: loaded "
else
  USYCL_TRACE=1 "$prog" > "$work/out" 2>&1
  grep -q 'cuda: cu[A-Z]' "$work/out" && fail "CUDA driver calls traced at level 1"
  # The x86-64 level of the CPU kernels' copies (docs/driver.md).
  expect "cpu: kernels run as x86-64"
  USYCL_TRACE=1 USYCL_CPU_ISA=x86-64 "$prog" > "$work/out" 2>&1 ||
    fail "the program failed with USYCL_CPU_ISA=x86-64"
  expect "cpu: kernels run as x86-64 (the processor supports x86-64"
  expect "trace_probe: PASSED"
  USYCL_CPU_ISA=x86-64-v9 "$prog" > "$work/out" 2>&1 && fail "USYCL_CPU_ISA=x86-64-v9 was accepted"
  expect "USYCL_CPU_ISA=x86-64-v9: not an x86-64 level; use x86-64, x86-64-v2, x86-64-v3 or x86-64-v4"
fi

USYCL_TRACE=all USYCL_TRACE_FILE="$work/trace.log" "$prog" > "$work/out" 2>&1 ||
  fail "the program failed with USYCL_TRACE_FILE"
grep -q 'usycl-trace' "$work/out" && fail "trace lines on stderr with USYCL_TRACE_FILE set"
grep -qF "launch: 'TraceProbeKernel'" "$work/trace.log" ||
  { cp "$work/trace.log" "$work/out"; fail "USYCL_TRACE_FILE lacks the launch"; }

USYCL_TRACE=loud "$prog" > "$work/out" 2>&1 || fail "the program failed with a bad USYCL_TRACE"
expect "USYCL_TRACE='loud' is not 0, 1, 2 or all; tracing is off"
grep -q 'usycl-trace' "$work/out" && fail "trace lines with an invalid USYCL_TRACE"
# DPC++'s variables: one line each naming usycl's equivalent, the program
# unchanged (issue: ignored without a word before).
SYCL_PI_TRACE=2 SYCL_UR_TRACE=1 SYCL_CACHE_PERSISTENT=1 "$prog" > "$work/out" 2>&1 ||
  fail "the program failed with DPC++'s variables set"
expect "usycl: SYCL_PI_TRACE is a DPC++ setting usycl does not read; set USYCL_TRACE=1"
expect "usycl: SYCL_UR_TRACE is a DPC++ setting usycl does not read; set USYCL_TRACE=1"
expect "usycl: SYCL_CACHE_PERSISTENT is a DPC++ setting usycl does not read; usycl's kernel cache is always persistent"
[ "$(grep -c 'SYCL_PI_TRACE' "$work/out")" = 1 ] || fail "SYCL_PI_TRACE noted more than once"
expect "trace_probe: PASSED"
echo "trace: PASSED"
