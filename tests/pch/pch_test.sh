#!/usr/bin/env bash
# usycl++'s precompiled <sycl/sycl.hpp> (docs/driver.md, "Precompiled
# header"): made once per pass configuration, then used; the same program
# as without it; only for sources that start with the include; a damaged
# header costs a rebuild, never the build; errors are reported once;
# dependency files still name the SYCL headers.
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

# 1. First compile makes the headers, the second only uses them.
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/a.o" -v 2> "$work/v1.txt" || { cat "$work/v1.txt"; fail "first compile"; }
grep -q -- "-emit-pch" "$work/v1.txt" || fail "first compile made no precompiled header"
grep -q -- "-include-pch" "$work/v1.txt" || fail "first compile did not use the header it made"
made=$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)
[ "$made" -ge 1 ] || fail "no header in the cache directory"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/b.o" -v 2> "$work/v2.txt" || fail "second compile"
grep -q -- "-emit-pch" "$work/v2.txt" && fail "second compile made a header again"
grep -q -- "-include-pch" "$work/v2.txt" || fail "second compile did not use the header"
[ "$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)" = "$made" ] || fail "second compile added headers"

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

# 4. Damaged headers: the build still succeeds, the headers are replaced.
for f in "$USYCL_CACHE_DIR"/pch/*.pch; do head -c 100 "$f" > "$f.cut" && mv "$f.cut" "$f"; done
"$usyclxx" -O2 "$work/prog.cpp" -o "$work/prog2" -v 2> "$work/v4.txt" || { cat "$work/v4.txt"; fail "compile with damaged headers"; }
[ "$("$work/prog2")" = "sum 1571328" ] || fail "program built past damaged headers is wrong"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/d.o" -v 2> "$work/v5.txt" || fail "compile after damage"
grep -q -- "-emit-pch" "$work/v5.txt" || fail "damaged headers were not made again"
"$usyclxx" -O2 -c "$work/prog.cpp" -o "$work/e.o" || fail "compile with remade headers"
cmp -s "$work/e.o" "$work/c.o" || fail "object with remade headers differs"

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
touch -d '5 minutes ago' "$USYCL_CACHE_DIR"/pch/*.pch
USYCL_PCH_CACHE_MAX_SIZE=1K "$usyclxx" -O1 -c "$work/prog.cpp" -o "$work/o1.o" -v 2> "$work/v9.txt" || fail "compile with a small bound"
grep -q -- "-emit-pch" "$work/v9.txt" || fail "-O1 made no header"
after=$(ls "$USYCL_CACHE_DIR"/pch/*.pch | wc -l)
used=$(grep -o -- "-include-pch [^ ]*" "$work/v9.txt" | sort -u | wc -l)
[ "$after" = "$used" ] || fail "USYCL_PCH_CACHE_MAX_SIZE=1K kept $after headers (had $before, the run used $used)"
# A bound that is not a size: a warning naming the variable, the build goes on.
USYCL_PCH_CACHE_MAX_SIZE=lots "$usyclxx" -O1 -c "$work/prog.cpp" -o "$work/o1.o" 2> "$work/v9b.txt" || fail "compile with a bad bound"
grep -q "warning: USYCL_PCH_CACHE_MAX_SIZE='lots' is not a size" "$work/v9b.txt" || fail "no warning for a bad bound: $(cat "$work/v9b.txt")"

echo "pch: PASSED"
