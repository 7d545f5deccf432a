#!/usr/bin/env bash
# docs/first-program.md is true: its `cpp` block compiles with the command
# the page shows (CPU target added, to keep the test short) and prints the
# output the page shows.
#   first_program_test.sh <docs/first-program.md> <usycl++>
set -eu
doc=$1 cxx=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# The first ```cpp block, verbatim.
awk '/^```cpp$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$doc" > "$work/scale.cpp"
[ -s "$work/scale.cpp" ] || fail "no \`\`\`cpp block in $doc"
grep -qxF 'usycl++ -O2 scale.cpp -o scale' "$doc" || fail "$doc no longer shows the compile command this test runs"
(cd "$work" && "$cxx" -O2 -fsycl-targets=x86_64 scale.cpp -o scale) || fail "the program of $doc does not compile"
ONEAPI_DEVICE_SELECTOR='native_cpu:*' "$work/scale" > "$work/out" || fail "the program of $doc failed: $(cat "$work/out")"
cat "$work/out"
# Every output line the page shows appears (the device name varies).
while IFS= read -r line; do
  case $line in
  "device: <"*) grep -q '^device: .' "$work/out" || fail "no 'device:' line" ;;
  *) grep -qxF "$line" "$work/out" || fail "the page shows '$line' but the program did not print it" ;;
  esac
done < <(awk '/^```text$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$doc")
echo "first-program.md: PASSED"
