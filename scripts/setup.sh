#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a built usycl and a running
# example: installs the Debian packages, configures and builds with CMake,
# then compiles examples/vector_add.cpp with usycl++ and runs it on the
# default device (the GPU when one is visible, else the CPU).
#
#   ./scripts/setup.sh            # build into ./build
#   BUILD_DIR=out ./scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

packages=(
  clang-22 llvm-22-dev llvm-22-tools libclang-22-dev libmlir-22-dev mlir-22-tools lld-22
  libomp-22-dev
  libyaml-cpp-dev libboost-dev libboost-context-dev libgtest-dev
  cmake ninja-build python3
  # MPI: examples/mpi and the ctest label "mpi" (docs/mpi.md)
  libopenmpi-dev openmpi-bin
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B "$BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
cmake --build "$BUILD_DIR" -j "$(nproc)"

echo "setup: compiling examples/vector_add.cpp with usycl++"
"$BUILD_DIR/bin/usycl++" -O2 examples/vector_add.cpp -o "$BUILD_DIR/vector_add"
"$BUILD_DIR/bin/sycl-ls" || true
"$BUILD_DIR/vector_add"
