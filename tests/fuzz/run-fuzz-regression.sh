#!/usr/bin/env bash
# ctest's fuzz.<reader>: replay the committed corpus, then mutate it for
# <runs> executions with a fixed seed (deterministic, a few seconds).
# New inputs go to <work>/new, crash/leak/timeout reproducers to <work>/, never
# into the source tree.
#   run-fuzz-regression.sh <harness> <corpus dir> <work dir> <runs>
set -eu
harness=$1 corpus=$2 work=$3 runs=$4
[ -d "$corpus" ] || { echo "no corpus at $corpus"; exit 1; }
rm -rf "$work/new"
mkdir -p "$work/new"
exec "$harness" -seed=1 -runs="$runs" -timeout=10 -rss_limit_mb=2048 \
  -max_total_time=60 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/new" "$corpus"
