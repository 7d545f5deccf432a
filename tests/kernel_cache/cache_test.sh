#!/usr/bin/env bash
# The on-disk kernel cache on a CUDA GPU (docs/kernel-cache.md):
#   cache_test.sh <program built for nvptx64-nvidia-cuda (PTX only)> <sycl-ls>
# Exits 77 (ctest: skipped) without a CUDA device. With USYCL_TRACE=1:
#   1. empty cache: the PTX is JIT-compiled and stored ("cache: miss");
#   2. second run: the cubin comes from the cache ("cache: hit"), no miss;
#   3. a corrupted entry is discarded and rebuilt, the results stay right;
#   4. two processes racing on an empty cache both succeed, and leave a
#      good entry the next run hits;
#   5. USYCL_CACHE_DISABLE=1: nothing is written.
set -u
prog=$1 sycl_ls=$2
export ONEAPI_DEVICE_SELECTOR='cuda:*' USYCL_TRACE=1
unset USYCL_TRACE_FILE USYCL_CACHE_DISABLE USYCL_CACHE_MAX_SIZE

if ! "$sycl_ls" 2>/dev/null | grep -q '^\[cuda:'; then
  echo "no CUDA device: skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  for f in "$work"/out*; do [ -f "$f" ] && { echo "--- $f" >&2; sed 's/^/  | /' "$f" >&2; }; done
  exit 1
}
run() { # run <out file> [env...]
  local out=$1
  shift
  env "$@" "$prog" > "$out" 2>&1 || fail "the program failed (output in $out)"
}
export USYCL_CACHE_DIR=$work/cache

run "$work/out1"
grep -q 'cache: miss: ' "$work/out1" || fail "run 1 on an empty cache did not JIT-compile (no 'cache: miss')"
grep -q 'stored as ' "$work/out1" || fail "run 1 did not store the cubin"
ls "$work/cache"/*.bin > /dev/null 2>&1 || fail "no entry in $work/cache after run 1"

run "$work/out2"
grep -q 'cache: hit: ' "$work/out2" || fail "run 2 did not use the cache (no 'cache: hit')"
grep -q 'cache: miss: ' "$work/out2" && fail "run 2 JIT-compiled again"

for f in "$work/cache"/*.bin; do
  # Flip a byte in the middle of the payload.
  size=$(stat -c %s "$f")
  printf '\xff' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc status=none
  printf '\x00' | dd of="$f" bs=1 seek=$((size / 2 + 1)) conv=notrunc status=none
done
run "$work/out3"
grep -q 'discarding corrupted entry' "$work/out3" || fail "run 3 did not discard the corrupted entry"
grep -q 'cache: miss: ' "$work/out3" || fail "run 3 did not recompile after discarding"
run "$work/out4"
grep -q 'cache: hit: ' "$work/out4" || fail "run 4 did not hit the rebuilt entry"

export USYCL_CACHE_DIR=$work/race
"$prog" > "$work/out-race1" 2>&1 & p1=$!
"$prog" > "$work/out-race2" 2>&1 & p2=$!
wait $p1 || fail "racing process 1 failed"
wait $p2 || fail "racing process 2 failed"
ls "$work/race"/.tmp-* > /dev/null 2>&1 && fail "temporary files left in $work/race"
run "$work/out5"
grep -q 'cache: hit: ' "$work/out5" || fail "the run after the race did not hit"

run "$work/out6" USYCL_CACHE_DISABLE=1 USYCL_CACHE_DIR="$work/off"
grep -q 'kernel cache off: USYCL_CACHE_DISABLE' "$work/out6" || fail "USYCL_CACHE_DISABLE=1 not reported"
[ -e "$work/off" ] && fail "USYCL_CACHE_DISABLE=1 still wrote $work/off"
echo "kernel cache: PASSED"
