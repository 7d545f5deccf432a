#!/usr/bin/env bash
# MPI tests of examples/mpi/heat_mpi.cpp (docs/mpi.md), one step per ctest entry:
#
#   mpi_test.sh run   <backend> <heat_mpi> <sycl-ls> <mpiexec>
#       2 ranks on ONEAPI_DEVICE_SELECTOR=<backend>:* (native_cpu, cuda): the
#       automatic halo path, then each forced one; every run must pass its
#       check against the serial computation, each rank must report the
#       device of that backend and the halo path the rules give. Exits 77
#       (ctest: skipped) when sycl-ls lists no device of a GPU backend.
#   mpi_test.sh cmake <prefix> <work dir> <source dir> <mpiexec>
#       configures examples/mpi with find_package(MPI) and find_package(usycl)
#       from the installed prefix (the install.prefix fixture), builds it for
#       the CPU and runs it on 2 ranks on the CPU.
#   mpi_test.sh skip  <why>
#       MPI was not found when the build was configured: says why, exits 77.
set -u

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

step=${1:-}
if [ "$step" = skip ]; then
  echo "SKIPPED: $2"
  exit 77
fi

# Open MPI refuses to start as root without being told, and stops at more
# ranks than cores unless it may oversubscribe (CI has 2 cores). In
# containers without ptrace rights its shared-memory transport's single-copy
# mechanism (CMA) fails on large messages: copy through the shared buffers.
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
mpi_flags=()
mpi_is_open_mpi() { "$1" --version 2>&1 | grep -q 'Open MPI\|OpenRTE'; }
set_mpi_flags() {
  mpi_flags=()
  if mpi_is_open_mpi "$1"; then
    mpi_flags=(--oversubscribe)
    [ "$(id -u)" = 0 ] && mpi_flags+=(--allow-run-as-root)
  fi
}

# mpirun_check <log> <expected halo path> [program args...]: runs 2 ranks,
# checks PASSED, the device line of each rank and the halo path.
mpirun_check() {
  local log=$1 path=$2
  shift 2
  echo "\$ ${mpiexec} ${mpi_flags[*]} -np 2 $prog $*" > "$log"
  timeout 120 "$mpiexec" "${mpi_flags[@]}" -np 2 "$prog" "$@" >> "$log" 2>&1
  local rc=$?
  sed 's/^/  | /' "$log"
  [ $rc = 0 ] || fail "2 ranks of heat_mpi${*:+ $*} exited with $rc"
  grep -q '^heat_mpi: PASSED (2 ranks' "$log" || fail "heat_mpi${*:+ $*} did not print PASSED for 2 ranks"
  for r in 0 1; do
    grep -q "^rank $r/2 .* on \[$backend:" "$log" || fail "rank $r did not run on a $backend device"
    grep -q "^rank $r/2 .*halo exchange: $path " "$log" || fail "rank $r did not take the $path halo path"
  done
}

case $step in
run)
  backend=$2 prog=$3 sycl_ls=$4 mpiexec=$5
  [ -x "$prog" ] || fail "no program $prog"
  listing=$(ONEAPI_DEVICE_SELECTOR="$backend:*" "$sycl_ls" 2>&1)
  if ! printf '%s\n' "$listing" | grep -q "^\[$backend:"; then
    [ "$backend" = native_cpu ] && fail "sycl-ls shows no native_cpu device: $listing"
    echo "SKIPPED: no $backend device visible to usycl. sycl-ls says:"
    printf '%s\n' "$listing" | sed 's/^/  /'
    exit 77
  fi
  export ONEAPI_DEVICE_SELECTOR="$backend:*"
  set_mpi_flags "$mpiexec"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # The automatic choice: device-direct only on a CUDA GPU with a CUDA-aware MPI.
  mpirun_check "$work/auto.log" '[a-z-]*'
  auto=host-staged
  if [ "$backend" = cuda ] && grep -q 'MPI CUDA-aware: yes' "$work/auto.log"; then
    auto=device-direct
  fi
  grep -q "halo exchange: $auto " "$work/auto.log" || fail "the automatic halo path is not $auto"
  # Forced paths on a small grid split unevenly (rows 1..4 and 5..7), the
  # residual at sweeps that are not a divisor of the last one.
  # --halo=direct is direct on the CPU
  # (device memory is host memory) and falls back to staging on a GPU with
  # an MPI that is not CUDA-aware.
  mpirun_check "$work/staged.log" host-staged --halo=staged --nx 40 --ny 9 --iters 60 --check-every 7
  direct=device-direct
  [ "$backend" = cuda ] && [ $auto = host-staged ] && direct=host-staged
  mpirun_check "$work/direct.log" $direct --halo=direct --nx 40 --ny 9 --iters 60 --check-every 7
  [ $direct = host-staged ] && { grep -q 'fallback' "$work/direct.log" || fail "no fallback reported"; }
  echo "mpi: 2 ranks on $backend: automatic ($auto), host-staged and --halo=direct ($direct) passed"
  ;;
cmake)
  prefix=$2 work=$3 src=$4 mpiexec=$5
  [ -x "$prefix/bin/usycl++" ] || fail "no installed prefix at $prefix (run the install.prefix test first)"
  mkdir -p "$work"
  ex=$work/mpi-example
  rm -rf "$ex"
  generator=()
  command -v ninja > /dev/null && generator=(-G Ninja)
  cmake -S "$src/examples/mpi" -B "$ex" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
    -Dusycl_TARGETS=x86_64 -DCMAKE_BUILD_TYPE=Release > "$work/mpi-configure.log" 2>&1 ||
    { cat "$work/mpi-configure.log"; fail "configuring examples/mpi failed"; }
  grep -q "usycl_DIR:PATH=$prefix/lib/cmake/usycl" "$ex/CMakeCache.txt" ||
    fail "find_package(usycl) did not use $prefix"
  grep -q 'Found MPI_CXX' "$work/mpi-configure.log" ||
    fail "find_package(MPI) found no MPI C++"
  cmake --build "$ex" --verbose > "$work/mpi-build.log" 2>&1 ||
    { cat "$work/mpi-build.log"; fail "building examples/mpi failed"; }
  grep -q "usycl-launcher" "$work/mpi-build.log" ||
    fail "add_sycl_to_target did not route the build through usycl++"
  grep -q "libmpi" "$work/mpi-build.log" || fail "the link did not name MPI's libraries (MPI::MPI_CXX)"
  export ONEAPI_DEVICE_SELECTOR='native_cpu:*'
  set_mpi_flags "$mpiexec"
  prog=$ex/heat_mpi backend=native_cpu
  mpirun_check "$work/mpi-run.log" host-staged --nx 64 --ny 64 --iters 50 --check-every 10
  echo "mpi: examples/mpi built with find_package(MPI) + find_package(usycl) from $prefix and passed on 2 ranks"
  ;;
*)
  fail "usage: mpi_test.sh run|cmake|skip ..."
  ;;
esac
