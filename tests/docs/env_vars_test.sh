#!/usr/bin/env bash
# Every environment variable usycl reads is documented: each "USYCL_*" the
# sources of the driver, runtime and tools name (besides the image-format
# constants) must appear in `usycl++ --help` and in docs/.
#   env_vars_test.sh <source dir> <usycl++>
set -eu
src=$1 cxx=$2
help=$("$cxx" --help)
vars=$(grep -rhoE '"USYCL_[A-Z0-9_]+"' "$src/runtime" "$src/compiler" "$src/tools" \
         --include='*.cpp' --include='*.hpp' --include='*.in' |
       tr -d '"' | grep -vE '^USYCL_(IMAGE_|VERSION_STRING$)' | sort -u)
[ -n "$vars" ] || { echo "FAIL: found no USYCL_* variables in $src" >&2; exit 1; }
status=0
for v in $vars ONEAPI_DEVICE_SELECTOR; do
  grep -qw -- "$v" <<< "$help" || { echo "FAIL: usycl++ --help does not mention $v" >&2; status=1; }
  grep -rqw -- "$v" "$src/docs" || { echo "FAIL: docs/ do not mention $v" >&2; status=1; }
done
[ $status = 0 ] && echo "documented: $(echo $vars) ONEAPI_DEVICE_SELECTOR"
exit $status
