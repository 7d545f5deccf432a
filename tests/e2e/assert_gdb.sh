#!/usr/bin/env bash
# "Stop under debugger" (seed 000, requirement 3) on the CPU: under gdb the
# failed assert raises SIGTRAP in the failing work-item (libusycl.so sees
# TracerPid != 0), so gdb stops there and its backtrace shows the kernel.
#
#   assert_gdb.sh <program>       (77 when gdb is missing or cannot trace)
set -u
prog=$1
command -v gdb >/dev/null || { echo "SKIPPED: no gdb"; exit 77; }
out=$(ONEAPI_DEVICE_SELECTOR='native_cpu:*' timeout 120 gdb -nx -batch \
        -ex 'set debuginfod enabled off' -ex run -ex bt --args "$prog" 2>&1)
printf '%s\n' "$out"
if printf '%s\n' "$out" | grep -qiE 'ptrace: Operation not permitted|Could not trace'; then
  echo "SKIPPED: gdb cannot trace here"
  exit 77
fi
printf '%s\n' "$out" | grep -q 'received signal SIGTRAP' || { echo "FAIL: no SIGTRAP stop"; exit 1; }
printf '%s\n' "$out" | grep -q '__assert_fail' || { echo "FAIL: backtrace lacks __assert_fail"; exit 1; }
printf '%s\n' "$out" | grep -q 'cpu_range_items<main::' || { echo "FAIL: backtrace lacks the kernel (main's lambda)"; exit 1; }
printf '%s\n' "$out" | grep -q "One shouldn't see this message." && { echo "FAIL: ran past the stop"; exit 1; }
echo "PASSED: stopped at the assertion under gdb"
