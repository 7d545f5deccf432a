#!/usr/bin/env bash
# Host-device specialisation against none, program by program (issue 21,
# docs/benchmarks.md): every SYCL benchmark of run.sh, built as run.sh builds
# it plus -fsycl-host-device-opt (its default at -O3 since issue 45; on the CPU for the
# CPU only), runs with its clones (USYCL_HOST_DEVICE_OPT=1) and without (=0,
# the generic kernels of the same binary), alternately, BENCH_ROUNDS times
# each; every rate and time it prints is compared, best round against best
# round.
#
#   benchmarks/hdo_compare.sh [cpu|cuda]   (default: cpu)
#
# Prints one line per metric -- program, metric, with clones, without, and
# the ratio oriented so that above 1 is faster with them (rates: with /
# without; times in µs: without / with) -- then the lowest ratio. Writes the
# table as CSV to $BENCH_CSV ($BENCH_BIN/hdo_compare.csv). Builds its
# programs into $BENCH_BIN/hdo (again with BENCH_REBUILD=1; where no
# usycl++ is, as on the GPU machine, carry them built); BENCH_SMALL=1 runs
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

# program -> its sources under benchmarks/ (and flags of its own).
declare -A sources=(
  [stream_sycl]=stream/stream_sycl.cpp [launch_sycl]=launch/launch_sycl.cpp
  [reduction_sycl]=reduction/reduction_sycl.cpp [matmul_sycl]=matmul/matmul_sycl.cpp
  [sub_group_reduce_sycl]=sub_group_reduce/sub_group_reduce_sycl.cpp
  [local_memory_sycl]=local_memory/local_memory_sycl.cpp
  [triad_assert]="-fsycl-device-code-split=per_kernel assert/triad_assert.cpp assert/triad_ndebug.cpp"
  [sub_group_ops_sycl]=sub_group_ops/sub_group_ops_sycl.cpp
  [reductions_sycl]=reductions/reductions_sycl.cpp [atomics_sycl]=atomics/atomics_sycl.cpp
  [multi_gpu_sycl]=multi_gpu/multi_gpu_sycl.cpp)
hdo_bin=$BENCH_BIN/hdo
mkdir -p "$hdo_bin"
targets=()
[ $dev = cpu ] && targets=(-fsycl-targets=x86_64)
build() { # build <program>
  local out=$hdo_bin/$1 arg args=()
  if [ -x "$out" ] && [ -z "${BENCH_REBUILD:-}" ]; then return 0; fi
  [ -x "$BUILD_DIR/bin/usycl++" ] || { echo "$1: not built and no usycl++ to build it" >&2; return 1; }
  for arg in ${sources[$1]}; do
    case $arg in -*) args+=("$arg");; *) args+=("$here/$arg");; esac
  done
  "$BUILD_DIR/bin/usycl++" -O3 -fsycl-host-device-opt "${targets[@]}" "${args[@]}" -o "$out"
}

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
  if ! build "$bin"; then
    echo "$bin: building it failed" >&2; failed=1; continue
  fi
  on= off=
  for ((r = 0; r < rounds; ++r)); do
    for opt in 1 0; do
      out=$(USYCL_HOST_DEVICE_OPT=$opt ONEAPI_DEVICE_SELECTOR=$sel "$hdo_bin/$bin" $args) ||
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
