#!/usr/bin/env bash
# Benchmark of the line merge: three versions of a long list (Benchmarks/merge_inputs.py), merged by
# shop's line merge (ShopCore/Text, built with -O) and by `git merge-file -p`; prints the wall time
# and peak memory of each (the best of RUNS runs) and checks that both write the same bytes and
# count the same conflicts.
#
#   Benchmarks/line-merge.sh [LINES] [EDITS] [RUNS]      (defaults: 100000 lines, 300 edits, 5 runs)
#
# A benchmark, not a test: it is not part of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-100000}
edits=${2:-300}
runs=${3:-5}
work=Benchmarks/work/line-merge
mkdir -p "$work"

python3 Benchmarks/merge_inputs.py "$work" "$lines" "$edits"
swiftc -O -parse-as-library -module-name LineMergeBenchmark Sources/ShopCore/Text/*.swift \
    Benchmarks/LineMergeDriver.swift -o "$work/line-merge"

# Runs a command RUNS times; prints the best wall time (seconds) and the largest peak RSS (KB).
measure() {
    local best="" rss=0
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" || true
        # time prints a line about a non-zero exit status first.
        read -r seconds kilobytes < <(tail -n 1 "$work/time")
        if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then best=$seconds; fi
        if [ "$kilobytes" -gt "$rss" ]; then rss=$kilobytes; fi
    done
    echo "$best $rss"
}

size=$(wc -c < "$work/base.yaml")
echo "base: $(wc -l < "$work/base.yaml") lines, $size bytes; ours and theirs: $edits edits each"
read -r shop_time shop_rss < <(measure "$work/line-merge" "$work/base.yaml" "$work/ours.yaml" "$work/theirs.yaml")
cp "$work/out" "$work/shop.out"
set +e
"$work/line-merge" "$work/base.yaml" "$work/ours.yaml" "$work/theirs.yaml" > /dev/null
shop_conflicts=$?
set -e
read -r git_time git_rss < <(measure git merge-file -p "$work/ours.yaml" "$work/base.yaml" "$work/theirs.yaml")
set +e
git merge-file -p -L ours -L base -L theirs "$work/ours.yaml" "$work/base.yaml" "$work/theirs.yaml" > "$work/git.out"
git_conflicts=$?
set -e
printf "shop line merge:   %6.2f s  %8d KB peak RSS  %d conflicts\n" "$shop_time" "$shop_rss" "$shop_conflicts"
printf "git merge-file -p: %6.2f s  %8d KB peak RSS  %d conflicts\n" "$git_time" "$git_rss" "$git_conflicts"
if cmp -s "$work/shop.out" "$work/git.out" && [ "$shop_conflicts" = "$git_conflicts" ]; then
    echo "same result, byte for byte"
else
    echo "the results differ" >&2
    exit 1
fi
