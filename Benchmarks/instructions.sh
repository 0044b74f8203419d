#!/usr/bin/env bash
# The same comparison as run.sh, counted in instructions instead of seconds: valgrind's callgrind
# counts the instructions each command executes, which does not depend on what else the machine
# is doing. Slower than timing, so it uses a smaller file (20,000 items by default).
#
#   Benchmarks/instructions.sh [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
items=${1:-20000}
work=Benchmarks/work
mkdir -p "$work"
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }

python3 Benchmarks/generate.py "$items" > "$work/small.yaml"
cc -O2 -o "$work/libyaml_loop" Benchmarks/libyaml_loop.c $(pkg-config --cflags --libs yaml-0.1)
swift build -c release --static-swift-stdlib >&2
shop="$(swift build -c release --static-swift-stdlib --show-bin-path)/shop"

# count [--stdin FILE] COMMAND...: the instructions COMMAND executes.
count() {
    local input=/dev/null
    if [ "$1" = --stdin ]; then input=$2; shift 2; fi
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
baseline=$(count "$work/libyaml_loop" "$work/small.yaml")
echo "file: $work/small.yaml ($items items); instructions executed, as a ratio to libyaml's event loop"
printf '%-34s %14s\n' "libyaml event loop (C)" "$baseline"
report() {
    local name=$1 target=$2
    shift 2
    local counted
    counted=$(count "$@")
    printf '%-34s %14s  ratio %s (target %s)\n' "$name" "$counted" \
        "$(python3 -c "print(f'{$counted / $baseline:.2f}')")" "$target"
}
report "parse, then print (shop fmt -)" 2.0 --stdin "$work/small.yaml" "$shop" fmt -
report "shop check" 1.5 "$shop" check "$work/small.yaml"
report "shop export --format csv --all" 1.5 "$shop" export --format csv --all "$work/small.yaml"
