#!/usr/bin/env bash
# Tests of the installed usycl (docs/install.md), one step per ctest entry:
#
#   install_test.sh prefix   <build dir> <work dir> <source dir>
#       cmake --install into a staging prefix, then MOVE it to <work>/prefix
#       (so anything pointing at the install location would break), check
#       the layout, that no RUNPATH or text file points into the build or
#       source tree, and that usycl++ -v runs nothing from them.
#   install_test.sh cmake    <build dir> <work dir> <source dir>
#       configure, build and run examples/cmake with find_package(usycl).
#   install_test.sh pkgconfig <build dir> <work dir> <source dir>
#       compile and run a program with the flags of usycl.pc.
#
# The CPU target only, to keep the tests short; the programs run on the CPU.
set -eu
step=$1 build=$(cd "$2" && pwd -P) work=$3 src=$(cd "$4" && pwd -P)
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
prefix=$work/prefix
export ONEAPI_DEVICE_SELECTOR='native_cpu:*'

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# A program that exercises a kernel, a buffer and USM.
write_program() {
  cat > "$1" <<'CPP'
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { p[i] = int(i) * 3; }).wait();
  for (int i = 0; i < 64; ++i)
    if (p[i] != i * 3) { std::printf("FAIL at %d\n", i); return 1; }
  sycl::free(p, q);
  std::printf("PASSED\n");
  return 0;
}
CPP
}

case $step in
prefix)
  rm -rf "$work/staging" "$prefix"
  cmake --install "$build" --prefix "$work/staging" > "$work/install.log" ||
    { cat "$work/install.log"; fail "cmake --install $build failed"; }
  mv "$work/staging" "$prefix"
  for f in bin/usycl++ bin/sycl-ls bin/sycl-post-link bin/sycl-aspect-filter \
           lib/libusycl.so lib/libusycl-plugin.so lib/libusycl-link-passes.so include/sycl/sycl.hpp \
           share/usycl/device-config.yaml lib/cmake/usycl/usyclConfig.cmake \
           lib/cmake/usycl/usyclConfigVersion.cmake lib/cmake/usycl/usycl-launcher \
           lib/pkgconfig/usycl.pc share/doc/usycl/README.md; do
    [ -e "$prefix/$f" ] || fail "the installed prefix lacks $f"
  done
  if [ -e "$build/bin/sycl-mlir-opt" ] && [ ! -e "$prefix/bin/sycl-mlir-opt" ]; then
    fail "the installed prefix lacks bin/sycl-mlir-opt"
  fi
  # Nothing may point into the build or source tree: RUNPATHs of the
  # installed binaries, and the installed text files.
  while IFS= read -r -d '' f; do
    if head -c4 "$f" | grep -q 'ELF'; then
      rp=$(readelf -d "$f" 2>/dev/null | grep -E 'RPATH|RUNPATH' || true)
      case $rp in *"$build"* | *"$src"*) fail "$f has RUNPATH into the build/source tree: $rp" ;; esac
    elif grep -Iq . "$f" && grep -lqF -e "$build" -e "$src" "$f"; then
      fail "$f names the build or source tree: $(grep -nF -e "$build" -e "$src" "$f" | head -3)"
    fi
  done < <(find "$prefix" -type f -print0)
  # The driver finds everything relative to itself: nothing it runs or
  # passes comes from the build or source tree.
  write_program "$work/probe.cpp"
  "$prefix/bin/usycl++" -v -fsycl-targets=x86_64 "$work/probe.cpp" -o "$work/probe" \
    > "$work/probe.log" 2>&1 || { cat "$work/probe.log"; fail "usycl++ from the prefix failed"; }
  # ($work lies inside the build tree: hide it first, then look for the rest.)
  if sed "s|$work|<work>|g" "$work/probe.log" | grep -nF -e "$build" -e "$src" > "$work/leaks.log"; then
    cat "$work/leaks.log"
    fail "usycl++ -v shows paths into the build/source tree (above)"
  fi
  grep -qF "$prefix/lib/libusycl-plugin.so" "$work/probe.log" ||
    fail "usycl++ -v does not load the prefix's plugin"
  "$work/probe" || fail "a program built by the installed usycl++ failed"
  "$prefix/bin/sycl-ls" > "$work/sycl-ls.log" || fail "installed sycl-ls failed"
  grep -q native_cpu "$work/sycl-ls.log" || fail "installed sycl-ls lists no CPU device"
  echo "install: prefix $prefix is complete and relocatable"
  ;;
cmake)
  [ -x "$prefix/bin/usycl++" ] || fail "no installed prefix at $prefix (run the install.prefix test first)"
  ex=$work/example
  rm -rf "$ex"
  generator=()
  command -v ninja > /dev/null && generator=(-G Ninja)
  cmake -S "$src/examples/cmake" -B "$ex" "${generator[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
    -Dusycl_TARGETS=x86_64 -DCMAKE_BUILD_TYPE=Release > "$work/example-configure.log" 2>&1 ||
    { cat "$work/example-configure.log"; fail "configuring examples/cmake failed"; }
  grep -q "usycl_DIR:PATH=$prefix/lib/cmake/usycl" "$ex/CMakeCache.txt" ||
    fail "find_package(usycl) did not use $prefix"
  cmake --build "$ex" --verbose > "$work/example-build.log" 2>&1 ||
    { cat "$work/example-build.log"; fail "building examples/cmake failed"; }
  grep -q "usycl-launcher" "$work/example-build.log" ||
    fail "add_sycl_to_target did not route the build through usycl++"
  "$ex/saxpy" || fail "examples/cmake's saxpy failed"
  ;;
pkgconfig)
  [ -x "$prefix/bin/usycl++" ] || fail "no installed prefix at $prefix (run the install.prefix test first)"
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
  cxx=$(pkg-config --variable=compiler usycl)
  cflags=$(pkg-config --cflags usycl)
  libs=$(pkg-config --libs usycl)
  [ -x "$cxx" ] || fail "pkg-config's compiler '$cxx' is not an executable"
  write_program "$work/pc.cpp"
  # shellcheck disable=SC2086
  "$cxx" -fsycl-targets=x86_64 $cflags -c "$work/pc.cpp" -o "$work/pc.o" || fail "compile with usycl.pc flags failed"
  # shellcheck disable=SC2086
  "$cxx" -fsycl-targets=x86_64 "$work/pc.o" $libs -o "$work/pc" || fail "link with usycl.pc flags failed"
  "$work/pc" || fail "the program built with usycl.pc flags failed"
  [ "$(pkg-config --modversion usycl)" = "$(sed -n 's/^Version: //p' "$prefix/lib/pkgconfig/usycl.pc")" ] ||
    fail "pkg-config --modversion disagrees with usycl.pc"
  ;;
*)
  fail "unknown step '$step'"
  ;;
esac
