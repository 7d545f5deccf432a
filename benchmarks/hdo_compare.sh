#!/usr/bin/env bash
# Host-device specialisation against none, program by program (issue 21,
# docs/benchmarks.md): every SYCL benchmark of run.sh, built as run.sh builds
# it (clones on at -O3), runs with its clones (USYCL_HOST_DEVICE_OPT=1) and
# without (=0, the generic kernels of the same binary), alternately,
# BENCH_ROUNDS times each; every rate and time it prints is compared, best
# round against best round.
#
#   benchmarks/hdo_compare.sh [cpu|cuda]   (default: cpu)
#
# Prints one line per metric -- program, metric, with clones, without, and
# the ratio oriented so that above 1 is faster with them (rates: with /
# without; times in µs: without / with) -- then the lowest ratio. Writes the
# table as CSV to $BENCH_CSV ($BENCH_BIN/hdo_compare.csv). Needs the
# binaries of `benchmarks/run.sh build` in $BENCH_BIN; BENCH_SMALL=1 runs
# small sizes (a check that it works, not a measurement).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dev=${1:-cpu}
case $dev in cpu|cuda) ;; *) echo "usage: $0 [cpu|cuda]" >&2; exit 2;; esac
BUILD_DIR=${BUILD_DIR:-$root/build}
BENCH_BIN=${BENCH_BIN:-$BUILD_DIR/benchmarks/bin}
BENCH_CSV=${BENCH_CSV:-$BENCH_BIN/hdo_compare.csv}
rounds=${BENCH_ROUNDS:-3}
small=${BENCH_SMALL:-0}
if [ $dev = cuda ]; then sel='cuda:*'; else sel='native_cpu:*'; fi

# program|arguments, as run.sh runs them on this device.
programs=()
if [ "$small" = 1 ]; then
  rounds=1
  programs=("stream_sycl|20 3" "launch_sycl|2000 200" "reduction_sycl|16 3" "matmul_sycl|64 1"
            "sub_group_reduce_sycl|16 3" "local_memory_sycl|16 3" "triad_assert|20 3")
  [ $dev = cuda ] && programs+=("sub_group_ops_sycl|16 3" "reductions_sycl|16 3"
                                "atomics_sycl|16 3" "multi_gpu_sycl|20 3 16")
elif [ $dev = cuda ]; then
  programs=("stream_sycl|28 50" "launch_sycl|100000 10000" "reduction_sycl|26 50"
            "matmul_sycl|4096 10" "sub_group_reduce_sycl|26 50" "local_memory_sycl|28 50"
            "triad_assert|26 20" "sub_group_ops_sycl|27 50" "reductions_sycl|26 50"
            "atomics_sycl|26 50" "multi_gpu_sycl|28 20 1024")
else
  programs=("stream_sycl|26 20" "launch_sycl|100000 10000" "reduction_sycl|26 20"
            "matmul_sycl|1024 3" "sub_group_reduce_sycl|26 20" "local_memory_sycl|26 20"
            "triad_assert|26 20")
fi

# best <csv text> <metric>: the best round (µs: lowest, rates: highest).
best() {
  printf '%s\n' "$1" | awk -F, -v m="$2" '
    NF > 2 && $(NF-1) == m { x = $NF + 0; if (v == "" || (m ~ /_us$/ ? x < v : x > v)) v = x }
    END { print v }'
}

failed=0
echo "program,metric,with_clones,without,ratio" > "$BENCH_CSV"
printf '%-22s %-40s %12s %12s %7s\n' program metric "with clones" without ratio
for entry in "${programs[@]}"; do
  bin=${entry%%|*} args=${entry#*|}
  if [ ! -x "$BENCH_BIN/$bin" ]; then
    echo "$bin: not built (benchmarks/run.sh build)" >&2; failed=1; continue
  fi
  on= off=
  for ((r = 0; r < rounds; ++r)); do
    for opt in 1 0; do
      out=$(USYCL_HOST_DEVICE_OPT=$opt ONEAPI_DEVICE_SELECTOR=$sel "$BENCH_BIN/$bin" $args) ||
        { echo "$bin $args (USYCL_HOST_DEVICE_OPT=$opt): failed" >&2; failed=1; }
      if [ $opt = 1 ]; then on+=$out$'\n'; else off+=$out$'\n'; fi
    done
  done
  # Rates and times only (not the device's sizes and counts).
  for m in $(printf '%s\n' "$on" | awk -F, 'NF > 2 && $(NF-1) ~ /_(GBps|GFLOPs|us)$/ { print $(NF-1) }' |
             awk '!seen[$0]++'); do
    a=$(best "$on" "$m"); b=$(best "$off" "$m")
    q=$(awk -v a="$a" -v b="$b" -v m="$m" 'BEGIN {
          if (a == "" || b == "" || a == 0 || b == 0) print "-";
          else printf "%.3f", (m ~ /_us$/ ? b / a : a / b) }')
    printf '%-22s %-40s %12s %12s %7s\n' "$bin" "$m" "$a" "$b" "$q"
    echo "$bin,$m,$a,$b,$q" >> "$BENCH_CSV"
  done
done
awk -F, 'NR > 1 && $5 != "-" && (lo == "" || $5 + 0 < lo + 0) { lo = $5; at = $1 " " $2 }
         END { if (lo != "") printf "lowest ratio (with / without clones): %s (%s)\n", lo, at }' "$BENCH_CSV"
exit $failed
