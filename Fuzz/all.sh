#!/usr/bin/env bash
# Runs every fuzz target in turn at the lowest priority (nice 19), so that other work on the machine
# is not slowed: `make fuzz` runs it. Stops at the first target that finds a failure.
#
#   Fuzz/all.sh [SECONDS] [JOBS]      (defaults: 600 seconds per target, 2 jobs)
#
# Each target's runs and inputs are added to Fuzz/work/runs.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
jobs=${2:-2}
for target in shop merge catalog lsp line-merge json; do
    nice -n 19 Fuzz/run.sh "$seconds" "$jobs" "$target"
done
