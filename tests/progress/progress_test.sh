#!/usr/bin/env bash
# usycl++'s progress line (compiler/driver/progress.hpp): shown while the
# device code links when stderr is a terminal (a pty from script(1)), erased
# at the end; never when stderr is a file or with -v.
#   progress_test.sh <usycl++> <source with a kernel>
set -eu
cxx=$1 src=$2
command -v script > /dev/null || { echo "no script(1) (util-linux): skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
"$cxx" -c -fsycl-targets=nvptx64-nvidia-cuda "$src" -o "$work/probe.o" || fail "compile failed"

# On a terminal: a progress line, rewritten with \r and erased at the end.
TERM=xterm script -qec "'$cxx' -fsycl-targets=nvptx64-nvidia-cuda '$work/probe.o' -o '$work/probe'" \
  /dev/null > "$work/tty.log" 2>&1 || { cat -v "$work/tty.log"; fail "link on a terminal failed"; }
grep -qE 'usycl\+\+: device code \[[0-9.]+ s\] 1/' "$work/tty.log" || { cat -v "$work/tty.log"; fail "no progress line on a terminal"; }
# The last thing written erases the line.
# Erased after its last update (\r ESC[K); the linker may print after that.
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); i = d.rfind(b"usycl++: device code [")
sys.exit(0 if i >= 0 and b"\r\x1b[K" in d[i:] else 1)' "$work/tty.log" ||
  { cat -v "$work/tty.log"; fail "the progress line was not erased at the end"; }

# Not a terminal, or -v: no progress line.
"$cxx" -fsycl-targets=nvptx64-nvidia-cuda "$work/probe.o" -o "$work/probe" 2> "$work/pipe.log" ||
  fail "link to a file failed"
grep -qF 'usycl++: device code [' "$work/pipe.log" && fail "a progress line in a log file"
TERM=xterm script -qec "'$cxx' -v -fsycl-targets=nvptx64-nvidia-cuda '$work/probe.o' -o '$work/probe'" \
  /dev/null > "$work/verbose.log" 2>&1 || fail "link with -v failed"
grep -qF 'usycl++: device code [' "$work/verbose.log" && fail "a progress line with -v"
TERM=dumb script -qec "'$cxx' -fsycl-targets=nvptx64-nvidia-cuda '$work/probe.o' -o '$work/probe'" \
  /dev/null > "$work/dumb.log" 2>&1 || fail "link with TERM=dumb failed"
grep -qF 'usycl++: device code [' "$work/dumb.log" && fail "a progress line with TERM=dumb"
echo "progress: PASSED"
