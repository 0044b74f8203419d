#!/usr/bin/env bash
# Benchmark: generates a realistic 100,000-item shop file and a 1,000-item one, builds shop in
# release mode the way a newcomer does (`swift build -c release`, which Package.swift makes one static
# executable on Linux) and a bare C loop over libyaml's yaml_parser_parse, and prints shop's times as
# ratios to the C loop measured in the same run, with peak memory against the file size; then the
# peak memory of every other command on the large file (Benchmarks/memory.py), and of history on
# five commits of it (Benchmarks/history.py).
#
#   Benchmarks/run.sh [ITEMS] [RUNS]      (defaults: 100000 items, 11 runs)
#
# Exit status 1 when a figure misses its target. A benchmark, not a test: it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
build=(-c release)
items=${1:-100000}
runs=${2:-11}
work=Benchmarks/work
mkdir -p "$work"

python3 Benchmarks/generate.py "$items" > "$work/catalog.yaml"
python3 Benchmarks/generate.py 1000 > "$work/small-catalog.yaml"
cc -O2 -o "$work/libyaml_loop" Benchmarks/libyaml_loop.c $(pkg-config --cflags --libs yaml-0.1)
swift build "${build[@]}" --product shop >&2
shop="$(swift build "${build[@]}" --show-bin-path)/shop"

status=0
python3 Benchmarks/measure.py "$shop" "$work/libyaml_loop" "$work/catalog.yaml" "$runs" || status=1
echo
python3 Benchmarks/memory.py "$shop" "$work/catalog.yaml" || status=1
python3 Benchmarks/history.py "$shop" "$work/catalog.yaml" || status=1
echo
python3 Benchmarks/measure.py "$shop" "$work/libyaml_loop" "$work/small-catalog.yaml" "$runs" || status=1
exit $status
