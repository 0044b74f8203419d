#!/usr/bin/env bash
# Benchmark of the merge, in two parts.
#
# Pairs: PAIRS (default 1,000) generated pairs of concurrent household edits (adds, buys, ticks,
# price and quantity changes, renames, removals, moves, comments) on realistic lists, each merged by
# `git merge-file` and by shop (Benchmarks/MergePairs.swift, with the generators and the model of the
# merge's rules of Tests/ShopCoreTests); it prints how many pairs each merges cleanly, how many true
# conflicts shop reports, and whether anything was lost.
#
# Size: three versions of a list of ITEMS items (default 100,000; Benchmarks/merge_versions.py),
# merged by `shop merge` built in release mode, against a bare C loop over libyaml's events of all
# three files (Benchmarks/libyaml_loop.c), measured in the same run; peak memory against the three
# files' total size.
#
#   Benchmarks/merge.sh [PAIRS] [ITEMS] [RUNS]      (defaults: 1000 pairs, 100000 items, 7 runs)
#
# Exit status 1 when a figure misses its target. A benchmark, not a test: it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-1000}
items=${2:-100000}
runs=${3:-7}
work=Benchmarks/work/merge
mkdir -p "$work/build"

# The libraries as modules, built with optimizations, and the pairs driver over them.
flags=(-O -parse-as-library -I "$work/build")
modulemap=(-Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap)
library() {
    local name=$1
    shift
    swiftc "${flags[@]}" "$@" -emit-library -static -module-name "$name" -emit-module \
        -emit-module-path "$work/build/$name.swiftmodule" $(find "Sources/$name" -name '*.swift' | sort) \
        -o "$work/build/lib$name.a"
}
library JSON
library Threads
library YAML "${modulemap[@]}"
library ShopCore "${modulemap[@]}"
swiftc "${flags[@]}" "${modulemap[@]}" -module-name MergePairs Benchmarks/MergePairs.swift \
    Tests/TestSupport/SeededGenerator.swift Tests/ShopCoreTests/HouseholdList.swift \
    Tests/ShopCoreTests/HouseholdEdits.swift Tests/ShopCoreTests/HouseholdMergeOracle.swift \
    Tests/ShopCoreTests/HouseholdReading.swift -L "$work/build" -lShopCore -lYAML -lThreads -lJSON \
    $(pkg-config --libs yaml-0.1) -o "$work/merge-pairs"

status=0
"$work/merge-pairs" "$pairs" || status=1
echo

python3 Benchmarks/merge_versions.py "$work" "$items" 500
cc -O2 -o "$work/libyaml_loop" Benchmarks/libyaml_loop.c $(pkg-config --cflags --libs yaml-0.1)
swift build -c release --product shop >&2
shop="$(swift build -c release --show-bin-path)/shop"
python3 Benchmarks/measure_merge.py "$shop" "$work/libyaml_loop" "$work" "$runs" || status=1
exit $status
