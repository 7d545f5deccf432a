#!/usr/bin/env bash
# Runs a program that must die of a signal after printing a failed assert:
#
#   assert_expect_signal.sh <signal number> <backend> <program> [args...]
#
# through run-on-device.sh (which may exit 77: no such device). Passes when
# the program was killed by the signal, printed exactly one line in the
# assert format on stderr and never "One shouldn't see this message.".
set -u
sig=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
out=$("$here/run-on-device.sh" "$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 77 ] && exit 77
if [ $rc -ne $((128 + sig)) ]; then
  echo "FAIL: expected death by signal $sig (exit $((128 + sig))), got exit $rc"
  exit 1
fi
n=$(printf '%s\n' "$out" | grep -cE '^.+:[0-9]+: .+: global id: \[[0-9]+,[0-9]+,[0-9]+\], local id: \[[0-9]+,[0-9]+,[0-9]+\] Assertion `.*` failed\.$')
if [ "$n" -ne 1 ]; then
  echo "FAIL: expected one assert line on stderr, found $n"
  exit 1
fi
if printf '%s\n' "$out" | grep -q "One shouldn't see this message."; then
  echo "FAIL: the program went on after the assert"
  exit 1
fi
echo "PASSED: killed by signal $sig after one assert message"
