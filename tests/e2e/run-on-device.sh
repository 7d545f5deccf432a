#!/usr/bin/env bash
# Runs an e2e program on one backend's devices:
#
#   run-on-device.sh <backend> <program> [args...]
#
# <backend> is an ONEAPI_DEVICE_SELECTOR backend name (native_cpu, cuda).
# The program runs with ONEAPI_DEVICE_SELECTOR=<backend>:*. Before that,
# sycl-ls (from $SYCL_LS, else next to the program's build tree, else PATH)
# must list a device of that backend:
#   - none for a GPU backend: prints why and exits 77, which ctest reports as
#     skipped (SKIP_RETURN_CODE 77) -- never as passed;
#   - none for native_cpu: a failure (the CPU device always exists).
# A program may itself exit 77 to say "not applicable on this device".
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 <backend> <program> [args...]" >&2
  exit 2
fi
backend=$1
shift

sycl_ls=${SYCL_LS:-}
if [ -z "$sycl_ls" ]; then
  sycl_ls=$(command -v sycl-ls || true)
fi
if [ -z "$sycl_ls" ] || [ ! -x "$sycl_ls" ]; then
  echo "run-on-device: sycl-ls not found (set SYCL_LS=<path>; looked for '${sycl_ls}')" >&2
  exit 1
fi

listing=$(ONEAPI_DEVICE_SELECTOR="${backend}:*" "$sycl_ls" 2>&1)
ls_rc=$?
if [ $ls_rc -ge 124 ]; then
  echo "run-on-device: '$sycl_ls' crashed (exit $ls_rc):" >&2
  echo "$listing" >&2
  exit 1
fi
if ! printf '%s\n' "$listing" | grep -q "^\[${backend}:"; then
  if [ "$backend" = native_cpu ]; then
    echo "run-on-device: sycl-ls shows no native_cpu device; the CPU device must always exist:" >&2
    echo "$listing" >&2
    exit 1
  fi
  echo "SKIPPED: no ${backend} device visible to usycl. sycl-ls says:"
  printf '%s\n' "$listing" | sed 's/^/  /'
  exit 77
fi

export ONEAPI_DEVICE_SELECTOR="${backend}:*"
exec "$@"
