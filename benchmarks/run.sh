#!/usr/bin/env bash
# Benchmarks beside their native peers, in one run (docs/benchmarks.md):
#
#   benchmarks/run.sh [cpu|cuda|all|build]   (default: all; build: only build)
#
# Builds what it can (usycl++ from $BUILD_DIR, nvcc for the CUDA peers,
# g++ -fopenmp -march=native for the OpenMP peers) into $BENCH_BIN, skips building where a
# compiler is missing (the GPU machine: carry $BENCH_BIN there), runs each
# SYCL program and its peer, and prints a table -- SYCL figure, native
# figure, ratio -- and writes it as CSV to $BENCH_CSV.
#
# Environment: BUILD_DIR (build), BENCH_BIN ($BUILD_DIR/benchmarks/bin),
# BENCH_CSV ($BENCH_BIN/results.csv), BENCH_SMALL=1 (small sizes: a check
# that every benchmark runs and validates, not a measurement),
# BENCH_SYCL_FLAGS (more usycl++ flags for every SYCL program, e.g.
# -fsycl-host-device-opt to measure every program specialised).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mode=${1:-all}
case $mode in cpu|cuda|all|build) ;; *) echo "usage: $0 [cpu|cuda|all|build]" >&2; exit 2;; esac
BUILD_DIR=${BUILD_DIR:-$root/build}
BENCH_BIN=${BENCH_BIN:-$BUILD_DIR/benchmarks/bin}
BENCH_CSV=${BENCH_CSV:-$BENCH_BIN/results.csv}
mkdir -p "$BENCH_BIN"
usyclxx=$BUILD_DIR/bin/usycl++
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
small=${BENCH_SMALL:-0}

build() { # build <output> <command...>: only when a source is newer / missing
  local out=$BENCH_BIN/$1; shift
  if [ -x "$out" ] && [ -z "${BENCH_REBUILD:-}" ]; then return 0; fi
  [ -x "${1%% *}" ] || command -v "$1" >/dev/null || { echo "run.sh: no $1: cannot build $(basename "$out")" >&2; return 1; }
  "$@" -o "$out" || { echo "run.sh: building $(basename "$out") failed" >&2; return 1; }
}
usyclxx_flags=(${BENCH_SYCL_FLAGS:-})
sycl() { build "$1" "$usyclxx" -O3 "${usyclxx_flags[@]}" "$here/$2"; }
cuda() { build "$1" "$nvcc" -O3 -arch=sm_90 "$here/$2"; }
# The OpenMP peers get -march=native, as their users build them; usycl++
# gets no -march (issue 44: its CPU kernels pick the processor's level).
omp() { build "$1" g++ -O3 -march=native -fopenmp "$here/$2"; }

sycl stream_sycl stream/stream_sycl.cpp
sycl launch_sycl launch/launch_sycl.cpp
sycl reduction_sycl reduction/reduction_sycl.cpp
sycl matmul_sycl matmul/matmul_sycl.cpp
sycl sub_group_reduce_sycl sub_group_reduce/sub_group_reduce_sycl.cpp
sycl local_memory_sycl local_memory/local_memory_sycl.cpp
# Issue 21: one program built twice, the kernels specialised on the constants
# their submissions capture (-fsycl-host-device-opt, the default at -O3 since
# issue 45) and generic.
build host_device_opt_sycl "$usyclxx" -O3 "${usyclxx_flags[@]}" -fno-sycl-host-device-opt \
  "$here/host_device_opt/host_device_opt_sycl.cpp"
build host_device_opt_spec "$usyclxx" -O3 "${usyclxx_flags[@]}" -fsycl-host-device-opt \
  "$here/host_device_opt/host_device_opt_sycl.cpp"
# The tiled matmul as built by default (at -O3 specialised: its local
# accessors' ranges folded, issues 20, 21) and generic (as at -O2).
build matmul_generic "$usyclxx" -O3 "${usyclxx_flags[@]}" -fno-sycl-host-device-opt \
  "$here/matmul/matmul_sycl.cpp"
# Issue 44: a docking code's kernel as its users build it: -ffast-math, no
# -march for usycl++ (the OpenMP peer gets -march=native, nvcc -use_fast_math).
build docking_sycl "$usyclxx" -O3 -ffast-math "${usyclxx_flags[@]}" "$here/docking/docking_sycl.cpp"
build triad_assert "$usyclxx" -O3 "${usyclxx_flags[@]}" -fsycl-device-code-split=per_kernel \
  "$here/assert/triad_assert.cpp" "$here/assert/triad_ndebug.cpp"
if [ $mode != cpu ]; then
  # Real-program patterns beside CUDA peers (issue 20): GPU rows only.
  sycl sub_group_ops_sycl sub_group_ops/sub_group_ops_sycl.cpp
  sycl reductions_sycl reductions/reductions_sycl.cpp
  sycl atomics_sycl atomics/atomics_sycl.cpp
  # Several GPUs in one process (issue 22).
  sycl multi_gpu_sycl multi_gpu/multi_gpu_sycl.cpp
  cuda stream_cuda stream/stream_cuda.cu
  cuda launch_cuda launch/launch_cuda.cu
  cuda triad_cuda assert/triad_cuda.cu
  cuda matmul_cuda matmul/matmul_cuda.cu
  cuda sub_group_ops_cuda sub_group_ops/sub_group_ops_cuda.cu
  cuda local_memory_cuda local_memory/local_memory_cuda.cu
  cuda reductions_cuda reductions/reductions_cuda.cu
  cuda atomics_cuda atomics/atomics_cuda.cu
  cuda multi_gpu_cuda multi_gpu/multi_gpu_cuda.cu
  build docking_cuda "$nvcc" -O3 -use_fast_math -arch=sm_90 "$here/docking/docking_cuda.cu"
fi
if [ $mode != cuda ]; then
  omp stream_omp stream/stream_omp.cpp
  omp reduction_omp reduction/reduction_omp.cpp
  omp matmul_omp matmul/matmul_omp.cpp
  omp sub_group_reduce_omp sub_group_reduce/sub_group_reduce_omp.cpp
  omp local_memory_omp local_memory/local_memory_omp.cpp
  build docking_omp g++ -O3 -ffast-math -march=native -fopenmp "$here/docking/docking_omp.cpp"
fi
# `build`: every program, nothing run (for a machine without compilers).
[ $mode = build ] && exit 0

rows=() # "benchmark|metric|sycl|native|ratio|better"
add() { # add <benchmark> <metric> <sycl> <native> <ratio> <better>; a missing figure fails the run
  rows+=("$1|$2|$3|$4|$5|$6")
  [ -n "$3" ] || echo "$1, $2: no SYCL figure" >> "$failures"
  [ -n "$4" ] || echo "$1, $2: no native figure" >> "$failures" # rows without a peer pass -
}
value() { # value <csv text> <metric> [higher|lower]: the best of the rounds
  printf '%s\n' "$1" | awk -F, -v m="$2" -v better="${3:-higher}" '
    NF > 1 && $(NF-1) == m && (v == "" || (better == "higher" ? $NF + 0 > v + 0 : $NF + 0 < v + 0)) { v = $NF }
    END { print v }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.3f", a / b }'; }
failures=$BENCH_BIN/failures.txt
: > "$failures"
run() { # run <selector> <binary> <args...>; a failure (wrong result) is noted
  local sel=$1 bin=$BENCH_BIN/$2 rc; shift 2
  if [ ! -x "$bin" ]; then echo "$(basename "$bin"): not built" >> "$failures"; return 0; fi
  if [ -n "$sel" ]; then ONEAPI_DEVICE_SELECTOR=$sel "$bin" "$@"; else "$bin" "$@"; fi
  rc=$?
  [ $rc -ne 0 ] && echo "$(basename "$bin") $*: exit $rc" >> "$failures"
  return 0
}

# The SYCL program and its peer run alternately, BENCH_ROUNDS times each, and
# each figure is the best of its rounds: the load of a shared machine drifts
# over seconds, and one program alone would catch a slow phase the other
# missed.
rounds=${BENCH_ROUNDS:-3}
[ "$small" = 1 ] && rounds=1
pair() { # pair <sycl var> <native var> <sel> <sycl bin> <native bin|-> <args...>
  local -n out_s=$1 out_n=$2
  local sel=$3 sb=$4 nb=$5 r; shift 5
  out_s=; out_n=
  for ((r = 0; r < rounds; ++r)); do
    out_s+=$(run "$sel" "$sb" "$@")$'\n'
    [ "$nb" != - ] && out_n+=$(run "${peer_sel:-}" "$nb" "$@")$'\n'
  done
  return 0
}

# Issue 20's patterns on the GPU, each metric beside its CUDA peer's
# (cuda_<metric>).
pattern_rows() { # pattern_rows <benchmark> <lower|higher> <unit> <metric>...
  local name=$1 better=$2 unit=$3 m a b; shift 3
  for m in "$@"; do
    a=$(value "$s" "$m" "$better"); b=$(value "$n" "cuda_$m" "$better")
    add "$name" "${m%_*} $unit" "$a" "$b" "$(ratio "$a" "$b")" "$better"
  done
}
patterns() {
  local p_sg="27 50" p_lm="28 50" p_red="26 50" p_at="26 50"
  [ "$small" = 1 ] && p_sg="16 3" && p_lm="16 3" && p_red="16 3" && p_at="16 3"
  pair s n 'cuda:*' sub_group_ops_sycl sub_group_ops_cuda $p_sg; echo "$s$n"
  pattern_rows "sub-group ops cuda" lower us vote_us ballot_us shuffle_us row_reduce_us row_scan_us
  pair s n 'cuda:*' local_memory_sycl local_memory_cuda $p_lm; echo "$s$n"
  pattern_rows "local memory cuda" higher GB/s wg_reduce_GBps wg_scan_GBps stencil_GBps
  pair s n 'cuda:*' reductions_sycl reductions_cuda $p_red; echo "$s$n"
  pattern_rows "sycl::reduction cuda" higher GB/s usm_device_plus_int_GBps usm_device_plus_float_GBps \
    usm_device_plus_double_GBps usm_device_min_int_GBps usm_device_min_float_GBps \
    usm_device_max_float_GBps usm_device_max_double_GBps usm_shared_plus_double_GBps \
    buffer_plus_double_GBps nd_range_plus_float_GBps multi_sum_min_max_float_GBps \
    dot_usm_shared_GBps dot_usm_shared_host_init_GBps dot_usm_shared_host_init_median_GBps
  pair s n 'cuda:*' atomics_sycl atomics_cuda $p_at; echo "$s$n"
  pattern_rows "atomics cuda" higher GB/s global_relaxed_GBps global_acq_rel_GBps local_GBps
}

# Issue 22, several GPUs in one process: the triad on GPU 0 alone and split
# over every GPU (and their ratio, the scaling), the copy between GPU 0 and
# GPU 1 each way (queue::memcpy beside cudaMemcpyPeerAsync with peer access),
# and GPU 0 -> 1 with peer access off on both sides (USYCL_CUDA_PEER_ACCESS=0
# beside cudaMemcpyPeer before cudaDeviceEnablePeerAccess). With one GPU the
# rows after the first are '-'.
multi_gpu() {
  local mg_args="28 20 1024" s n g a b a1 b1 sa na d m off
  [ "$small" = 1 ] && mg_args="20 3 16"
  pair s n 'cuda:*' multi_gpu_sycl multi_gpu_cuda $mg_args; echo "$s$n"
  g=$(value "$s" gpus)
  a1=$(value "$s" triad_1gpu_GBps); b1=$(value "$n" cuda_triad_1gpu_GBps)
  add "multi-gpu cuda" "triad 1 GPU GB/s" "$a1" "$b1" "$(ratio "$a1" "$b1")" higher
  if [ -n "$g" ] && [ "$g" -lt 2 ]; then
    for m in "triad all GPUs GB/s" "triad scaling (x 1 GPU)" "peer copy 0->1 GB/s" \
             "peer copy 1->0 GB/s" "copy 0->1 peer access off GB/s"; do
      add "multi-gpu cuda" "$m" - - - higher
    done
    return 0
  fi
  a=$(value "$s" triad_multi_GBps); b=$(value "$n" cuda_triad_multi_GBps)
  add "multi-gpu cuda" "triad ${g:-?} GPUs GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  # The scaling of the best rounds (each program's own line is per round).
  sa=$(ratio "$a" "$a1"); na=$(ratio "$b" "$b1")
  add "multi-gpu cuda" "triad scaling (x 1 GPU)" "$sa" "$na" "$(ratio "$sa" "$na")" higher
  for d in 01 10; do
    a=$(value "$s" peer_${d}_GBps); b=$(value "$n" cuda_peer_${d}_GBps)
    add "multi-gpu cuda" "peer copy ${d:0:1}->${d:1:1} GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  done
  off=$(USYCL_CUDA_PEER_ACCESS=0 run 'cuda:*' multi_gpu_sycl $mg_args peer); echo "$off"
  a=$(value "$off" peer_01_GBps); b=$(value "$n" cuda_peer_01_staged_GBps)
  add "multi-gpu cuda" "copy 0->1 peer access off GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
}

bench() { # bench <cpu|cuda>
  local dev=$1 sel peer s_args t_args l_args r_args m_args
  if [ $dev = cuda ]; then sel='cuda:*'; else sel='native_cpu:*'; fi
  if [ "$small" = 1 ]; then s_args="20 3"; t_args="20 3"; l_args="2000 200"; r_args="16 3"; m_args="64 1"
  else s_args="28 50"; t_args="26 20"; l_args="100000 10000"; r_args="26 50"; m_args="4096 10"; fi
  # The CPU: smaller arrays and matrices (this 2-core machine has 24 GiB).
  [ $dev = cpu ] && [ "$small" != 1 ] && s_args="26 20" && r_args="26 20" && m_args="1024 3"
  local s n
  if [ $dev = cuda ]; then peer=cuda; else peer=omp; fi
  pair s n "$sel" stream_sycl stream_$peer $s_args; echo "$s$n"
  for k in copy mul add triad dot; do
    for v in usm buffer; do
      local a b; a=$(value "$s" ${v}_${k}_GBps); b=$(value "$n" ${peer}_${k}_GBps)
      add "stream $dev" "${v} $k GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
    done
  done
  if [ $dev = cuda ]; then
    pair s n "$sel" launch_sycl launch_cuda $l_args; echo "$s$n"
    for m in submit_us submit_wait_us; do
      local a b; a=$(value "$s" $m lower); b=$(value "$n" $m lower)
      add "launch $dev" "$m" "$a" "$b" "$(ratio "$a" "$b")" lower
    done
  else
    pair s n "$sel" launch_sycl - $l_args; echo "$s"
    for m in submit_us submit_wait_us; do add "launch $dev" "$m" "$(value "$s" $m lower)" - - lower; done
  fi
  if [ $dev = cpu ]; then
    pair s n "$sel" reduction_sycl reduction_omp $r_args; echo "$s$n"
    local a b; a=$(value "$s" ndrange_GBps); b=$(value "$n" omp_GBps)
    add "nd_range reduction $dev" "GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  else
    pair s n "$sel" reduction_sycl - $r_args; echo "$s"
    add "nd_range reduction $dev" "GB/s" "$(value "$s" ndrange_GBps)" - - higher
  fi
  local mm_peer=matmul_cuda mm_metric=cuda_tiled_GFLOPs variant
  [ $dev = cpu ] && mm_peer=matmul_omp mm_metric=omp_GFLOPs
  # The default build (-O3: the local accessors' 16 x 16 ranges folded) and
  # the generic one (-fno-sycl-host-device-opt), each beside the native peer.
  for variant in sycl generic; do
    pair s n "$sel" matmul_$variant $mm_peer $m_args; echo "$s$n"
    local a b; a=$(value "$s" tiled_GFLOPs); b=$(value "$n" $mm_metric)
    add "tiled matmul $dev$([ $variant = generic ] && echo ' (generic)')" "GFLOP/s" \
      "$a" "$b" "$(ratio "$a" "$b")" higher
  done
  # Sub-group reduce and scan: reqd_sub_group_size(16), on CUDA (32 only)
  # reqd_sub_group_size(32) without a peer; the width that ran is in the row.
  local k w
  if [ $dev = cpu ]; then
    pair s n "$sel" sub_group_reduce_sycl sub_group_reduce_omp $r_args; echo "$s$n"
  else
    pair s n "$sel" sub_group_reduce_sycl - $r_args; echo "$s"
  fi
  w=$(value "$s" sg_size)
  for k in reduce scan; do
    local a b q=-; a=$(value "$s" ${k}_GBps); b=-
    [ $dev = cpu ] && b=$(value "$n" omp_${k}_GBps) && q=$(ratio "$a" "$b")
    add "sub-group $k $dev (width ${w:-?})" "GB/s" "$a" "$b" "$q" higher
  done
  # Work-group collectives and local memory on the CPU (the GPU's rows are
  # among the patterns), beside per-256-block OpenMP loops.
  if [ $dev = cpu ]; then
    local lm_args="26 20"
    [ "$small" = 1 ] && lm_args="16 3"
    pair s n "$sel" local_memory_sycl local_memory_omp $lm_args; echo "$s$n"
    for k in wg_reduce wg_scan stencil; do
      local a b; a=$(value "$s" ${k}_GBps); b=$(value "$n" omp_${k}_GBps)
      add "local memory $dev" "$k GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
    done
  fi
  # Docking energies, every poses-per-work-item size and the best one
  # (issue 44: each >= 0.98 x CUDA; >= 0.95 x OpenMP with -march=native).
  local d_args="65536 5"
  [ $dev = cpu ] && d_args="16384 3"
  [ "$small" = 1 ] && d_args="8192 1 32"
  pair s n "$sel" docking_sycl docking_$peer $d_args; echo "$s$n"
  for k in 1 2 4 8 16 32 64 128; do
    local a b; a=$(value "$s" ppwi${k}_GFLOPs); b=$(value "$n" ${peer}_ppwi${k}_GFLOPs)
    add "docking $dev" "$k per item GFLOP/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  done
  a=$(value "$s" best_GFLOPs); b=$(value "$n" ${peer}_best_GFLOPs)
  add "docking $dev" "best size GFLOP/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  [ $dev = cuda ] && patterns
  [ $dev = cuda ] && multi_gpu
  # Issue 21: specialised vs generic build of one program, on the same device
  # (the "native" column is the generic build).
  local h_args="26 20"
  [ "$small" = 1 ] && h_args="16 3"
  peer_sel=$sel pair s n "$sel" host_device_opt_spec host_device_opt_sycl $h_args; echo "$s$n"
  for k in stencil matvec stencil2d; do
    local a b; a=$(value "$s" ${k}_GBps); b=$(value "$n" ${k}_GBps)
    add "host-device opt $dev" "$k GB/s (vs generic)" "$a" "$b" "$(ratio "$a" "$b")" higher
  done
  # (assert and NDEBUG kernels alternate inside triad_assert itself)
  pair s n "$sel" triad_assert - $t_args; echo "$s"
  local a b; a=$(value "$s" assert_GBps); b=$(value "$s" ndebug_GBps)
  add "assert triad $dev" "assert vs NDEBUG GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  if [ $dev = cuda ]; then
    pair s n "" triad_cuda - $t_args; echo "$s" # CUDA's assert and NDEBUG, both in triad_cuda
    a=$(value "$s" assert_GBps); b=$(value "$s" ndebug_GBps)
    add "assert triad $dev (CUDA's assert)" "assert vs NDEBUG GB/s" "$a" "$b" "$(ratio "$a" "$b")" higher
  fi
}

compile_time() { # usycl++ vs nvcc, CPU seconds (user + system), best of 3
  # Two programs, each built to an executable: a one-kernel program
  # (compile/vadd_*) and ten kernels in three sources (compile/app*), -O2.
  # usycl++ "cold": empty caches (the one-kernel program compiles without
  # its precompiled <sycl/sycl.hpp>, the three sources make it first);
  # "warm": the headers made (every compile after the first of a
  # configuration, docs/driver.md), device code generated again
  # (USYCL_CODEGEN_CACHE=0: an edited kernel); "relink": the device code
  # cached too (a host-only change); and the one-kernel program for the CPU
  # alone (-fsycl-targets=x86_64), warm. nvcc -O2 -arch=sm_90 beside.
  [ -x "$usyclxx" ] && [ -x "$nvcc" ] || return 0
  local cache; cache=$(mktemp -d)
  local out=$cache/prog prog i kind
  declare -A best=() srcs=(
    [one]="$here/compile/vadd_sycl.cpp"
    [app]="$here/compile/app/kernels_a.cpp $here/compile/app/kernels_b.cpp $here/compile/app/main.cpp"
    [one.cu]="$here/compile/vadd_cuda.cu"
    [app.cu]="$here/compile/app_cuda/kernels_a.cu $here/compile/app_cuda/kernels_b.cu $here/compile/app_cuda/main.cu")
  keep() { # keep <name> <cpu seconds>
    best[$1]=$(awk -v a="${best[$1]:-1e9}" -v b="$2" 'BEGIN { print (b < a ? b : a) }')
  }
  timed() {
    /usr/bin/time -o $cache/time -f "%U %S" "$@" >/dev/null 2>&1 || echo "compile_time: failed: $*" >&2
    awk '{ print $1 + $2 }' $cache/time
  }
  for i in 1 2; do # the warm caches (a one-source configuration's second compile makes them)
    for prog in one app; do
      USYCL_CACHE_DIR=$cache/warm "$usyclxx" -O2 ${srcs[$prog]} -o $out
    done
    USYCL_CACHE_DIR=$cache/warm "$usyclxx" -O2 -fsycl-targets=x86_64 ${srcs[one]} -o $out
  done
  for i in 1 2 3; do
    for prog in one app; do
      keep $prog.warm "$(USYCL_CODEGEN_CACHE=0 USYCL_CACHE_DIR=$cache/warm timed "$usyclxx" -O2 ${srcs[$prog]} -o $out)"
      keep $prog.relink "$(USYCL_CACHE_DIR=$cache/warm timed "$usyclxx" -O2 ${srcs[$prog]} -o $out)"
      keep $prog.cold "$(USYCL_CACHE_DIR=$cache/cold.$prog.$i timed "$usyclxx" -O2 ${srcs[$prog]} -o $out)"
      keep $prog.nvcc "$(timed "$nvcc" -O2 -arch=sm_90 ${srcs[$prog.cu]} -o $out)"
    done
    keep one.cpu "$(USYCL_CODEGEN_CACHE=0 USYCL_CACHE_DIR=$cache/warm timed "$usyclxx" -O2 -fsycl-targets=x86_64 ${srcs[one]} -o $out)"
  done
  rm -rf "$cache"
  for prog in one app; do
    local what="one kernel"
    [ $prog = app ] && what="10 kernels, 3 sources"
    for kind in cold warm relink; do
      add "compile time vs nvcc ($what)" "-O2 $kind, CPU s" "${best[$prog.$kind]}" "${best[$prog.nvcc]}" \
        "$(ratio "${best[$prog.$kind]}" "${best[$prog.nvcc]}")" lower
    done
  done
  add "compile time vs nvcc (one kernel)" "-O2 x86_64 only warm, CPU s" "${best[one.cpu]}" "${best[one.nvcc]}" \
    "$(ratio "${best[one.cpu]}" "${best[one.nvcc]}")" lower
}

[ $mode != cpu ] && bench cuda
[ $mode != cuda ] && bench cpu
[ $mode != cuda ] && [ "$small" != 1 ] && command -v /usr/bin/time >/dev/null && compile_time

echo
printf '%-34s %-24s %10s %10s %7s\n' benchmark metric SYCL native ratio
echo "benchmark,metric,sycl,native,ratio,better" > "$BENCH_CSV"
for r in "${rows[@]}"; do
  IFS='|' read -r b m s n q better <<<"$r"
  printf '%-34s %-24s %10s %10s %7s\n' "$b" "$m" "${s:--}" "${n:--}" "$q"
  echo "$b,$m,$s,$n,$q,$better" >> "$BENCH_CSV"
done
echo "(ratio = SYCL / native; $(basename "$BENCH_CSV") has the table as CSV)"
if [ -s "$failures" ]; then
  echo "run.sh: FAILED:"; cat "$failures"
  exit 1
fi
