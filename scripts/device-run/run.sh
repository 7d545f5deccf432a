#!/usr/bin/env bash
# Runs every staged e2e program on the CUDA device (ONEAPI_DEVICE_SELECTOR=cuda:*), then the
# assert triad; run from the staging folder: bash .devrun/run.sh  (SHOW=<program> prints its output)
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib
bin/sycl-ls
pass=0; fail=0; skip=0
for p in bin/*; do
  n=$(basename $p)
  case $n in sycl-ls|launch_*|triad_*|*.build.log|lib*.so) continue;; esac
  env=; [ $n = assert_abort ] && env="USYCL_ASSERT_ABORT=1"
  out=$(env $env ONEAPI_DEVICE_SELECTOR=cuda:* timeout 60 $p 2>&1); rc=$?
  if [ $n = assert_abort ]; then
    lines=$(printf '%s\n' "$out" | grep -c 'Assertion `')
    [ $rc -eq 134 ] && [ $lines -eq 1 ] && rc=0 || rc=1
  fi
  if [ $rc -eq 0 ]; then pass=$((pass+1)); r=PASS; elif [ $rc -eq 77 ]; then skip=$((skip+1)); r=SKIP; else fail=$((fail+1)); r="FAIL($rc)"; fi
  echo "== $n: $r"
  case $n in ${SHOW:-assert_threads|assert_rows_3}) echo "$out" | head -20;; esac
  [ $rc -ne 0 ] && [ $rc -ne 77 ] && echo "$out" | tail -15
done
echo "e2e on cuda: $pass passed, $fail failed, $skip skipped"
for i in 1 2; do
  [ -x bin/triad_assert ] && ONEAPI_DEVICE_SELECTOR=cuda:* bin/triad_assert
  [ -x bin/triad_cuda ] && bin/triad_cuda
done
