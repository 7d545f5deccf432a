#!/usr/bin/env bash
# usycl++'s precompiled <sycl/sycl.hpp> (docs/driver.md, "Precompiled
# header"): made once per pass configuration, then used; the same program
# as without it; only for sources that start with the include (after
# standard library headers at most); a damaged
# header (cut short, a flipped byte, another pass's) costs a rebuild, never
# the build or a different object; no temporaries are left; warning flags
# share the header; errors are reported once; dependency files still name
# the SYCL headers.
#
# Usage: pch_test.sh <usycl++>
set -u
usyclxx=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export USYCL_CACHE_DIR=$work/cache
unset USYCL_PCH
fail() { echo "FAIL: $*" >&2; exit 1; }

cat > "$work/prog.cpp" <<'SRC'
// A comment and blank lines before the include are fine.

#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(1024, q);
  q.parallel_for(sycl::range<1>{1024}, [=](sycl::id<1> i) { v[i] = int(i[0]) * 3; }).wait();
  long sum = 0;
  for (int i = 0; i < 1024; ++i) sum += v[i];
  sycl::free(v, q);
  std::printf("sum %ld\n", sum);
}
SRC

# 1. The first compile of a configuration makes no header (a program built
#    once would only pay for it): it compiles without and marks the
#    configuration; the next makes the headers and uses them; the one after
#    only uses them. A build with two sources of one configuration makes them
#    at once.
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/a0.o" -v 2> "$work/v0first.txt" || { cat "$work/v0first.txt"; fail "first compile"; }
grep -q -- "-emit-pch\|-include-pch" "$work/v0first.txt" && fail "the first compile of a configuration made or used a header"
grep -q "made at the next compile of this configuration" "$work/v0first.txt" || fail "-v did not say the header comes next time"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/a.o" -v 2> "$work/v1.txt" || { cat "$work/v1.txt"; fail "second compile"; }
grep -q -- "-emit-pch" "$work/v1.txt" || fail "second compile made no precompiled header"
grep -q -- "-include-pch" "$work/v1.txt" || fail "second compile did not use the header it made"
cmp -s "$work/a0.o" "$work/a.o" || fail "objects with and without the header differ"
mkdir -p "$work/two"
cp "$work/prog.cpp" "$work/two/one.cpp"
sed 's/int main()/int main2()/' "$work/prog.cpp" > "$work/two/two.cpp"
USYCL_CACHE_DIR=$work/cache-two "$usyclxx" -O2 -c "$work/two/one.cpp" "$work/two/two.cpp" -v 2> "$work/vtwo.txt" || { cat "$work/vtwo.txt"; fail "two sources"; }
grep -q -- "-emit-pch" "$work/vtwo.txt" || fail "two sources of one configuration did not make the headers at once"
rm -f one.o two.o
made=$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)
[ "$made" -ge 1 ] || fail "no header in the cache directory"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/b.o" -v 2> "$work/v2.txt" || fail "third compile"
grep -q -- "-emit-pch" "$work/v2.txt" && fail "third compile made a header again"
grep -q -- "-include-pch" "$work/v2.txt" || fail "third compile did not use the header"
[ "$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)" = "$made" ] || fail "third compile added headers"

# 2. The same program as without (USYCL_PCH=0): identical objects, same output.
USYCL_PCH=0 "$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/c.o" -v 2> "$work/v0.txt" || fail "compile with USYCL_PCH=0"
grep -q -- "-include-pch" "$work/v0.txt" && fail "USYCL_PCH=0 still used a header"
cmp -s "$work/b.o" "$work/c.o" || fail "objects with and without the precompiled header differ"
"$usyclxx" "$work/b.o" -o "$work/prog" || fail "link"
out=$("$work/prog") || fail "program with the header failed: $out"
[ "$out" = "sum 1571328" ] || fail "program printed '$out', want 'sum 1571328'"

# 3. A source that defines something before the include does not use it.
{ echo "#define PCH_TEST_FIRST 1"; cat "$work/prog.cpp"; } > "$work/macro_first.cpp"
"$usyclxx" -O2 -c "$work/macro_first.cpp" -o "$work/m.o" -v 2> "$work/v3.txt" || fail "compile macro_first"
grep -q -- "-include-pch" "$work/v3.txt" && fail "a source with a #define before the include used the header"

# 3b. A project header whose first line is the include counts as the
#     include (e2e_common.hpp does this); one that defines something first
#     does not.
mkdir -p "$work/proj"
printf '// helpers\n#pragma once\n#include <sycl/sycl.hpp>\ninline int triple(int x) { return 3 * x; }\n' > "$work/proj/common.hpp"
sed -e 's|#include <sycl/sycl.hpp>|#include "common.hpp"|' -e 's|int(i\[0\]) \* 3|triple(int(i[0]))|' \
  "$work/prog.cpp" > "$work/proj/via_header.cpp"
"$usyclxx" -O2 "$work/proj/via_header.cpp" -o "$work/via_header" -v 2> "$work/v3b.txt" || { cat "$work/v3b.txt"; fail "compile via_header"; }
grep -q -- "-include-pch" "$work/v3b.txt" || fail "a source starting with a header that starts with the include did not use it"
[ "$("$work/via_header")" = "sum 1571328" ] || fail "via_header printed '$("$work/via_header")'"
printf '#pragma once\n#define PCH_TEST_FIRST 1\n#include <sycl/sycl.hpp>\n' > "$work/proj/define_first.hpp"
sed 's|#include <sycl/sycl.hpp>|#include "define_first.hpp"|' "$work/prog.cpp" > "$work/proj/define_first.cpp"
"$usyclxx" -O2 -c "$work/proj/define_first.cpp" -o "$work/df.o" -v 2> "$work/v3c.txt" || fail "compile define_first"
grep -q -- "-include-pch" "$work/v3c.txt" && fail "a header that defines a macro before the include used the precompiled header"

# 3c. Standard library headers before the include (a common first line),
#     a project header's include guard, and <CL/sycl.hpp> use it, with the
#     program's result unchanged; a header of the system that is not the
#     standard library's before it (<unistd.h>) does not.
printf '#include <iostream>\n#include <vector> // comment\n#include <cmath>\n' > "$work/std_first.cpp"
cat "$work/prog.cpp" >> "$work/std_first.cpp"
"$usyclxx" -O2 "$work/std_first.cpp" -o "$work/std_first" -v 2> "$work/v3d.txt" || { cat "$work/v3d.txt"; fail "compile std_first"; }
grep -q -- "-include-pch" "$work/v3d.txt" || fail "a source with standard headers before the include did not use the header"
[ "$("$work/std_first")" = "sum 1571328" ] || fail "std_first printed '$("$work/std_first")'"
printf '#ifndef PROJ_GUARDED_HPP\n#define PROJ_GUARDED_HPP\n#include <cstdio>\n#include <CL/sycl.hpp>\ninline int triple(int x) { return 3 * x; }\n#endif\n' > "$work/proj/guarded.hpp"
sed -e 's|#include <sycl/sycl.hpp>|#include "guarded.hpp"|' -e 's|int(i\[0\]) \* 3|triple(int(i[0]))|' \
  "$work/prog.cpp" > "$work/proj/guarded.cpp"
"$usyclxx" -O2 -c "$work/proj/guarded.cpp" -o "$work/guarded.o" -v 2> "$work/v3e.txt" || { cat "$work/v3e.txt"; fail "compile guarded"; }
grep -q -- "-include-pch" "$work/v3e.txt" || fail "a guarded project header leading to <CL/sycl.hpp> did not use the header"
{ echo "#include <unistd.h>"; cat "$work/prog.cpp"; } > "$work/posix_first.cpp"
"$usyclxx" -O2 -c "$work/posix_first.cpp" -o "$work/pf.o" -v 2> "$work/v3f.txt" || fail "compile posix_first"
grep -q -- "-include-pch" "$work/v3f.txt" && fail "a source with <unistd.h> before the include used the header"

# 4. Damaged headers: the build still succeeds, the headers are replaced.
for f in "$USYCL_CACHE_DIR"/pch/*.pch; do head -c 100 "$f" > "$f.cut" && mv "$f.cut" "$f"; done
"$usyclxx" -O2 "$work/prog.cpp" -o "$work/prog2" -v 2> "$work/v4.txt" || { cat "$work/v4.txt"; fail "compile with damaged headers"; }
[ "$("$work/prog2")" = "sum 1571328" ] || fail "program built past damaged headers is wrong"
grep -q -- "-emit-pch" "$work/v4.txt" || fail "damaged headers were not made again"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/d.o" -v 2> "$work/v5.txt" || fail "compile after damage"
grep -q -- "-emit-pch" "$work/v5.txt" && fail "headers remade after damage were made once more"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/e.o" || fail "compile with remade headers"
cmp -s "$work/e.o" "$work/c.o" || fail "object with remade headers differs"

# 4b. A header cut short (a full disk, a killed copy: clang says only
#     "malformed or corrupted precompiled file: 'can't skip to bit ...'",
#     without the file) or with a flipped byte: the build succeeds with the
#     same object, and the header is replaced (its name carries the hash of
#     its bytes, checked before each use).
for f in "$USYCL_CACHE_DIR"/pch/*.pch; do truncate -s $(( $(stat -c %s "$f") / 2 )) "$f"; done
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/cut.o" -v 2> "$work/v4b.txt" || { cat "$work/v4b.txt"; fail "compile with headers cut in half"; }
grep -q "is damaged" "$work/v4b.txt" || fail "headers cut in half went unnoticed"
grep -q -- "-emit-pch" "$work/v4b.txt" || fail "headers cut in half were not replaced by the compile that found them"
cmp -s "$work/cut.o" "$work/c.o" || fail "object built past headers cut in half differs"
for f in "$USYCL_CACHE_DIR"/pch/*.pch; do printf '\x5a' | dd of="$f" bs=1 seek=$(( $(stat -c %s "$f") / 3 )) conv=notrunc status=none; done
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/flip.o" -v 2> "$work/v4c.txt" || { cat "$work/v4c.txt"; fail "compile with a flipped byte"; }
grep -q "is damaged" "$work/v4c.txt" || fail "a flipped byte in a header went unnoticed"
cmp -s "$work/flip.o" "$work/c.o" || fail "object built past a flipped byte differs"

# 4c. A header that is intact but that clang cannot use (another pass's,
#     under this pass's name): the pass is run again without it. Beside it,
#     temporaries of a killed build, which go at the next compile (their
#     process is gone).
host=$(grep -o -- "--offload-host-only .*-include-pch [^ ]*" "$work/v4c.txt" | grep -o "[^ ]*\.pch$")
dev=$(grep -o -- "--offload-device-only .*-include-pch [^ ]*" "$work/v4c.txt" | grep -o "[^ ]*\.pch$")
[ -n "$host" ] && [ -n "$dev" ] || fail "no headers in the -v output: $(cat "$work/v4c.txt")"
devkey=$(basename "$dev" | cut -d. -f1); hosthash=$(basename "$host" | cut -d. -f2)
rm -f "$dev"; cp "$host" "$USYCL_CACHE_DIR/pch/$devkey.$hosthash.pch"
dead=$(sh -c 'echo $$')
: > "$USYCL_CACHE_DIR/pch/0123.pch.tmp.$dead.42"
: > "$USYCL_CACHE_DIR/pch/0123.pch.tmp.$dead-abcd1234.42.tmp"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/swap.o" 2> "$work/v4d.txt" || { cat "$work/v4d.txt"; fail "compile with another pass's header"; }
cmp -s "$work/swap.o" "$work/c.o" || fail "object built past another pass's header differs"
ls "$USYCL_CACHE_DIR"/pch/ | grep -q "pch.tmp" && fail "temporaries of a killed build were left: $(ls "$USYCL_CACHE_DIR"/pch/)"
# An interrupted build leaves no temporaries (the first compile marks the
# configuration, the second makes its headers and is interrupted).
USYCL_CACHE_DIR=$work/cache-int "$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/int.o" || fail "compile in cache-int"
USYCL_CACHE_DIR=$work/cache-int "$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/int.o" 2>/dev/null &
pid=$!
for _ in $(seq 200); do ls "$work/cache-int/pch/" 2>/dev/null | grep -q "pch.tmp" && break; sleep 0.1; done
ls "$work/cache-int/pch/" | grep -q "pch.tmp" || fail "no header was being made"
kill -INT $pid; wait $pid
ls "$work/cache-int/pch/" | grep -q "pch.tmp" && fail "an interrupted build left temporaries: $(ls "$work/cache-int/pch/")"

# 4d. Flags that change only diagnostics share the header: nothing is made,
#     and the object is the one made without the cache (warning flags leave
#     no trace in it). (First the headers 4c dropped are made again.)
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/again.o" || fail "compile after 4c"
"$usyclxx" -O2 -Wall -Wextra -Wno-unused-parameter -fcolor-diagnostics -c "$work/prog.cpp" -o "$work/w.o" -v 2> "$work/v4e.txt" || fail "compile with warning flags"
grep -q -- "-emit-pch" "$work/v4e.txt" && fail "warning flags made headers of their own"
grep -q -- "-include-pch" "$work/v4e.txt" || fail "warning flags: no header used"
cmp -s "$work/w.o" "$work/c.o" || fail "warning flags: the object differs from the one made without the cache"

# 5. An error in the source is reported once, as without the header.
sed 's/v\[i\] = int(i\[0\]) \* 3;/v[i] = undeclared_name;/' "$work/prog.cpp" > "$work/bad.cpp"
"$usyclxx" -O2 -c "$work/bad.cpp" -o "$work/bad.o" 2> "$work/e1.txt" && fail "bad.cpp compiled"
USYCL_PCH=0 "$usyclxx" -O2 -c "$work/bad.cpp" -o "$work/bad.o" 2> "$work/e0.txt"
grep -q "undeclared_name" "$work/e1.txt" || fail "error not reported: $(cat "$work/e1.txt")"
[ "$(grep -c "error:" "$work/e1.txt")" = "$(grep -c "error:" "$work/e0.txt")" ] || fail "errors differ with the header"

# 6. -fsyntax-only uses the headers of the compiling passes (made above:
#    nothing to make) and prints nothing; its errors are those without the
#    header. -E reads the source as written.
"$usyclxx" -O2 -fsyntax-only "$work/prog.cpp" -v > "$work/syntax.out" 2> "$work/v6.txt" || fail "-fsyntax-only"
[ -s "$work/syntax.out" ] && fail "-fsyntax-only wrote to stdout"
[ "$(grep -c -- "-include-pch" "$work/v6.txt")" = 2 ] || fail "-fsyntax-only did not use the headers for both passes"
grep -q -- "-emit-pch" "$work/v6.txt" && fail "-fsyntax-only made a header the compiling passes had made"
"$usyclxx" -O2 -fsyntax-only "$work/bad.cpp" 2> "$work/e2.txt" && fail "-fsyntax-only accepted bad.cpp"
grep -q "undeclared_name" "$work/e2.txt" || fail "-fsyntax-only error not reported: $(cat "$work/e2.txt")"
[ "$(grep -c "error:" "$work/e2.txt")" = "$(grep -c "error:" "$work/e0.txt")" ] || fail "-fsyntax-only errors differ with the header"
"$usyclxx" -O2 -E "$work/prog.cpp" -o "$work/prog.ii" || fail "-E"
grep -q "class handler" "$work/prog.ii" || fail "-E output lacks the SYCL headers"

# 7. Dependency files still name the SYCL headers.
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/dep.o" -MD || fail "compile with -MD"
grep -q "sycl/handler.hpp" "$work/dep.d" || fail "dependency file lacks the SYCL headers: $(head -3 "$work/dep.d")"

# 8. Another source with the same flags shares the headers (the unit's id,
#    which differs, is not part of their key): nothing is made.
sed 's/\* 3/* 5/' "$work/prog.cpp" > "$work/other.cpp"
"$usyclxx" -O2 -c "$work/other.cpp" -o "$work/other.o" -v 2> "$work/v8.txt" || fail "compile other.cpp"
grep -q -- "-emit-pch" "$work/v8.txt" && fail "a second source with the same flags made its own headers"
grep -q -- "-include-pch" "$work/v8.txt" || fail "a second source did not use the headers"

# 9. The cache is bounded by USYCL_PCH_CACHE_MAX_SIZE: headers not used in
#    the last minute go, least recently used first; those of the run stay.
before=$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)
"$usyclxx" -O1 -c "$work/prog.cpp" -o "$work/o1.o" || fail "first -O1 compile" # marks -O1
touch -d '5 minutes ago' "$USYCL_CACHE_DIR"/pch/*.pch
USYCL_PCH_CACHE_MAX_SIZE=1K "$usyclxx" -O1 -c "$work/prog.cpp" -o "$work/o1.o" -v 2> "$work/v9.txt" || fail "compile with a small bound"
grep -q -- "-emit-pch" "$work/v9.txt" || fail "-O1 made no header"
after=$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)
used=$(grep -o -- "-include-pch [^ ]*" "$work/v9.txt" | sort -u | wc -l)
[ "$after" = "$used" ] || fail "USYCL_PCH_CACHE_MAX_SIZE=1K kept $after headers (had $before, the run used $used)"
# A bound that is not a size: a warning naming the variable, the build goes on.
USYCL_PCH_CACHE_MAX_SIZE=lots "$usyclxx" -O1 -c "$work/prog.cpp" -o "$work/o1.o" 2> "$work/v9b.txt" || fail "compile with a bad bound"
grep -q "warning: USYCL_PCH_CACHE_MAX_SIZE='lots' is not a size" "$work/v9b.txt" || fail "no warning for a bad bound: $(cat "$work/v9b.txt")"

# 10. The host raising (-fsycl-raise-host) reads the headers too, its
#     integration header included after them, and raises the same module as
#     without (the kernel's parameter descriptors reach schedule_kernel).
raise() { "$usyclxx" -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir "$work/prog.cpp" "$@"; }
raise -o "$work/r1.mlir" 2> /dev/null || fail "first raising" # marks the configurations
raise -o "$work/r2.mlir" -v 2> "$work/v10.txt" || { cat "$work/v10.txt"; fail "second raising"; }
[ "$(grep -c -- "-include-pch" "$work/v10.txt")" -ge 2 ] || fail "the raising's two passes did not both read a header"
USYCL_PCH=0 raise -o "$work/r0.mlir" 2> /dev/null || fail "raising with USYCL_PCH=0"
grep -q "sycl.host.schedule_kernel" "$work/r2.mlir" || fail "nothing raised with the header"
cmp -s "$work/r0.mlir" "$work/r2.mlir" || fail "the raised module differs with the header"

echo "pch: PASSED"
