#!/usr/bin/env bash
# Benchmark of shop's limits: builds shop in release mode and runs Benchmarks/limits.py, which
# prints the time and peak memory of shop on endless and oversized inputs (refused at 256 MiB), on a
# list with a name of 20 and 40 million letters, and of `shop merge` against `git merge-file -p` on
# versions of 400,000 lines that are not lists.
#
#   Benchmarks/limits.sh            (PARTS="inputs names merge" and LINES=400000 choose what runs)
#
# A benchmark, not a test: it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=Benchmarks/work/limits
mkdir -p "$work"
swift build -c release --product shop >&2
python3 Benchmarks/limits.py "$(swift build -c release --show-bin-path)/shop" "$work"
