#!/usr/bin/env bash
# The same comparison as run.sh, counted in instructions instead of seconds: valgrind's callgrind
# counts the instructions each command executes, which does not depend on what else the machine
# is doing. Slower than timing, so it uses a smaller file (20,000 items by default).
#
# shop reads large files on two threads (libyaml on one, the tree builder on the other), so each
# command gets two figures: the instructions of its busiest thread, which is what its time comes
# down to on a machine with a core free for the second thread (the target applies to this one),
# and the instructions of all its threads together, the work done.
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
swift build -c release --product shop >&2
shop="$(swift build -c release --show-bin-path)/shop"

# count [--stdin FILE] COMMAND...: "BUSIEST TOTAL", the instructions of COMMAND's busiest thread and
# of all its threads.
count() {
    local input=/dev/null
    if [ "$1" = --stdin ]; then input=$2; shift 2; fi
    local out
    out=$(mktemp -d)
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$out/counts" "$@" \
        < "$input" > /dev/null 2>&1
    cat "$out"/counts* | sed -n 's/^totals: //p' | sort -n | awk '{ total += $1; busiest = $1 } END { print busiest, total }'
    rm -rf "$out"
}
read -r baseline _ < <(count "$work/libyaml_loop" "$work/small.yaml")
echo "file: $work/small.yaml ($items items); instructions executed, as a ratio to libyaml's event loop"
printf '%-34s %14s\n' "libyaml event loop (C)" "$baseline"
report() {
    local name=$1 target=$2
    shift 2
    local busiest total
    read -r busiest total < <(count "$@")
    printf '%-34s busiest thread %11s  ratio %s (target %s);  all threads %11s  ratio %s\n' "$name" \
        "$busiest" "$(python3 -c "print(f'{$busiest / $baseline:.2f}')")" "$target" \
        "$total" "$(python3 -c "print(f'{$total / $baseline:.2f}')")"
}
report "shop fmt -" 1.5 --stdin "$work/small.yaml" "$shop" fmt -
report "shop check" 1.3 "$shop" check "$work/small.yaml"
report "shop export --format csv --all" 1.3 "$shop" export --format csv --all "$work/small.yaml"
# buy changes its file: it works on a copy, with an item from the middle that is not on the list.
cp "$work/small.yaml" "$work/small-buy.yaml"
name=$(python3 Benchmarks/unbought_item.py "$work/small.yaml")
report "shop buy NAME" 2.0 "$shop" -f "$work/small-buy.yaml" buy "$name"
