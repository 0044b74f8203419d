#!/usr/bin/env bash
# Fuzzing: builds the libraries with libFuzzer's coverage and AddressSanitizer and runs one target
# on generated inputs. A crash, a hang, a failed expectation or a memory error stops it and leaves
# the input in Fuzz/work/TARGET/. Not part of `swift test`: run it by hand.
#
#   Fuzz/run.sh [SECONDS] [JOBS] [TARGET]      (defaults: 300 seconds, 2 jobs, shop)
#
# Targets:
#   shop        Fuzz/FuzzTarget.swift: reading, fmt, check, check --fix, exports, edits, imports and history,
#               the import readers,
#               exports imported back (which change nothing), one thread against two; starts
#               from the examples, the export fixtures, the pasted lines of the import tests and
#               the YAML test suite.
#   line-merge  Fuzz/LineMergeTarget.swift: the line diff and merge; starts from the examples.
#   json        Fuzz/JSONFuzzTarget.swift: the JSON reader and writer; starts from the JSON schema and
#               a few documents, with the tokens of Fuzz/json.dict.
#   lsp         Fuzz/LSPFuzzTarget.swift: shop lsp on a session of messages, one per line (or raw
#               bytes); starts from a few sessions, with the tokens of Fuzz/json.dict.
#   merge       Fuzz/MergeTarget.swift: the list merge on three versions made from the input (a
#               household pair it seeds, checked against the rules worked out on the model; copies
#               of it edited by shop's editor; the line merge for a text that is no list); starts
#               from the examples; the diff of the base and each side.
#   catalog     Fuzz/CatalogTarget.swift: a list and its catalog split from the input (at a NUL byte or
#               a line ---8<---), the list resolved against the catalog, checked and exported; starts
#               from the household example's catalog and lists.
#
# Every target also starts from its own small corpus, Fuzz/seeds/TARGET/, and from the inputs that
# earlier runs kept (Fuzz/work/TARGET/corpus). At the end the runs and the inputs kept are written
# on one line to Fuzz/work/runs.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
jobs=${2:-2}
target=${3:-shop}
options=()
case "$target" in
shop) source=Fuzz/FuzzTarget.swift; options+=(-max_len=4096) ;;
line-merge) source=Fuzz/LineMergeTarget.swift; options+=(-max_len=4096) ;;
json) source=Fuzz/JSONFuzzTarget.swift; options+=(-max_len=65536 -dict=../../json.dict) ;;
# A session that ends at exit leaves the thread that reads messages to finish reading the rest of the
# input after the run returns; what it still holds is not a leak, so leaks are not checked.
lsp) source=Fuzz/LSPFuzzTarget.swift; options+=(-max_len=16384 -dict=../../json.dict -detect_leaks=0) ;;
# The household lists, their edits and the model of the merge's rules, from the tests.
merge)
    source="Fuzz/MergeTarget.swift Tests/TestSupport/SeededGenerator.swift Tests/ShopCoreTests/HouseholdList.swift"
    source+=" Tests/ShopCoreTests/HouseholdEdits.swift Tests/ShopCoreTests/HouseholdMergeOracle.swift"
    source+=" Tests/ShopCoreTests/HouseholdReading.swift"
    options+=(-max_len=4096)
    ;;
catalog) source=Fuzz/CatalogTarget.swift; options+=(-max_len=4096) ;;
*)
    echo "unknown fuzz target '$target'; expected shop, line-merge, json, lsp, merge or catalog" >&2
    exit 2
    ;;
esac
work=Fuzz/work
mkdir -p "$work/build" "$work/$target/corpus" "$work/$target/seeds"

# The sources of a library, in subfolders too.
sources() {
    find "Sources/$1" -name '*.swift' | sort
}

flags=(-O -sanitize=fuzzer,address -parse-as-library -I "$work/build")
modulemap=(-Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap)
# A library is built again only when one of its sources is newer than it (an optimized build of
# ShopCore takes minutes).
library() {
    local name=$1
    shift
    local built="$work/build/lib$name.a"
    if [ -f "$built" ] && [ -z "$(find "Sources/$name" -name '*.swift' -newer "$built" | head -1)" ]; then
        return
    fi
    swiftc "${flags[@]}" "$@" -emit-library -static -module-name "$name" -emit-module \
        -emit-module-path "$work/build/$name.swiftmodule" $(sources "$name") -o "$work/build/lib$name.a"
}
library JSON
libraries=(-lJSON)
if [ "$target" != json ]; then
    library Threads
    library YAML -enable-testing "${modulemap[@]}"
    library ShopCore -enable-testing "${modulemap[@]}"
    libraries=(-lShopCore -lYAML -lThreads -lJSON)
fi
if [ "$target" = lsp ]; then
    library ShopLSP "${modulemap[@]}"
    libraries=(-lShopLSP "${libraries[@]}")
fi
# shellcheck disable=SC2086 # the target's sources, split at spaces
swiftc "${flags[@]}" "${modulemap[@]}" $source -L "$work/build" "${libraries[@]}" $(pkg-config --libs yaml-0.1) \
    -o "$work/$target/fuzz-$target"

seeds="$work/$target/seeds"
case "$target" in
shop)
    cp examples/*.yaml "$seeds/"
    # Exports and pasted lines, for the import readers.
    cp Tests/ShopCoreTests/Fixtures/export/*.csv Tests/ShopCoreTests/Fixtures/export/*.md \
        Tests/ShopCoreTests/Fixtures/import/text-lines.tsv "$seeds/"
    # The YAML test suite, where the tests find it: in $SHOP_TEST_CORPUS, else next to the repository.
    corpus=${SHOP_TEST_CORPUS:-../shared/corpus}/yaml-test-suite
    # Once: a copy of each of its hundreds of files is slow at the lowest priority.
    if [ -d "$corpus" ] && [ ! -e "$work/$target/yaml-test-suite-copied" ]; then
        find "$corpus" -name in.yaml | while read -r file; do
            name=${file#"$corpus"/}
            cp "$file" "$seeds/yaml-test-suite_${name//\//_}"
        done
        : > "$work/$target/yaml-test-suite-copied"
    fi
    ;;
line-merge | merge) cp examples/*.yaml "$seeds/" ;;
catalog)
    # Each list of the household example with its catalog, split as the target splits.
    for list in examples/household/*.yaml; do
        [ "$(basename "$list")" = catalog.yaml ] && continue
        { cat "$list"; printf '\n---8<---\n'; cat examples/household/catalog.yaml; } > "$seeds/household-$(basename "$list")"
    done
    ;;
json)
    cp schema/*.json "$seeds/"
    printf '%s' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}' > "$seeds/request.json"
    printf '%s' '[0,-0.5e+10,1E-7,"\u00e9\ud83d\ude00\n",true,false,null,{},[]]' > "$seeds/values.json"
    ;;
esac
cp Fuzz/seeds/"$target"/* "$seeds/"

# libFuzzer writes one log per job into the current folder: run it in the target's folder. Its
# timeout is of wall-clock time: at the lowest priority on a busy machine an input that takes a
# tenth of a second alone was measured at 7 seconds, so the bound is a minute (FUZZ_TIMEOUT); a
# hang runs past any bound.
cd "$work/$target"
rm -f fuzz-*.log
./fuzz-"$target" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb=2048 "${options[@]}" \
    -jobs="$jobs" -workers="$jobs" corpus seeds
status=0
grep -l -E "ERROR|Fatal error|deadly signal|timeout" fuzz-*.log && status=1
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' fuzz-*.log | awk '{ total += $1 } END { print total + 0 }')
inputs=$(find corpus -type f | wc -l)
outcome=clean
[ "$status" = 0 ] || outcome=FAILED
echo "$(date -u +%Y-%m-%dT%H:%MZ) $target: $jobs jobs x $seconds s, $runs runs, $inputs inputs in the corpus, $outcome" |
    tee -a ../runs.txt
echo "logs: $work/$target/fuzz-*.log; inputs that failed: $work/$target/crash-*, $work/$target/timeout-*, $work/$target/oom-*"
exit $status
