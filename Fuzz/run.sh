#!/usr/bin/env bash
# Fuzzing: builds the YAML and ShopCore libraries with libFuzzer's coverage and AddressSanitizer and
# runs a target on generated inputs. A crash, a hang, a failed expectation or a memory error stops
# it and leaves the input in Fuzz/work/TARGET/. Not part of `swift test`: run it by hand.
#
#   Fuzz/run.sh [SECONDS] [JOBS] [TARGET]      (defaults: 300 seconds, 2 jobs, shop)
#
# Targets: shop (Fuzz/FuzzTarget.swift: reading, fmt, exports, edits, the import readers; starts
# from the examples, the export fixtures, the pasted lines of the import tests and the YAML test
# suite) and line-merge (Fuzz/LineMergeTarget.swift: the line diff and merge; starts
# from the examples).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
jobs=${2:-2}
target=${3:-shop}
case "$target" in
    shop) source=Fuzz/FuzzTarget.swift ;;
    line-merge) source=Fuzz/LineMergeTarget.swift ;;
    *) echo "unknown target $target (shop, line-merge)" >&2; exit 2 ;;
esac
work=Fuzz/work
mkdir -p "$work/build" "$work/$target/corpus" "$work/$target/seeds"

# The sources of a library, in subfolders too.
sources() {
    find "Sources/$1" -name '*.swift' | sort
}

flags=(-O -sanitize=fuzzer,address -parse-as-library -I "$work/build")
swiftc "${flags[@]}" -enable-testing -emit-library -static -module-name YAML -emit-module \
    -emit-module-path "$work/build/YAML.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    $(sources YAML) -o "$work/build/libYAML.a"
swiftc "${flags[@]}" -emit-library -static -module-name ShopCore -emit-module \
    -emit-module-path "$work/build/ShopCore.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    $(sources ShopCore) -o "$work/build/libShopCore.a"
swiftc "${flags[@]}" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap "$source" \
    -L "$work/build" -lShopCore -lYAML $(pkg-config --libs yaml-0.1) -o "$work/$target/fuzz-$target"

cp examples/*.yaml "$work/$target/seeds/"
if [ "$target" = shop ]; then
    # Exports and pasted lines, for the import readers.
    cp Tests/ShopCoreTests/Fixtures/export/*.csv Tests/ShopCoreTests/Fixtures/export/*.md \
        Tests/ShopCoreTests/Fixtures/import/text-lines.tsv "$work/$target/seeds/"
fi
# The YAML test suite, where the tests find it: in $SHOP_TEST_CORPUS, else next to the repository.
corpus=${SHOP_TEST_CORPUS:-../shared/corpus}/yaml-test-suite
if [ "$target" = shop ] && [ -d "$corpus" ]; then
    find "$corpus" -name in.yaml | while read -r file; do
        cp "$file" "$work/$target/seeds/$(echo "$file" | tr '/' '_')"
    done
fi
# libFuzzer writes one log per job into the current folder: run it in the target's folder.
cd "$work/$target"
rm -f fuzz-*.log
./fuzz-"$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 \
    -jobs="$jobs" -workers="$jobs" corpus seeds
status=0
grep -l -E "ERROR|Fatal error|deadly signal|timeout" fuzz-*.log && status=1
echo "logs: $work/$target/fuzz-*.log; inputs that failed: $work/$target/crash-*, $work/$target/timeout-*, $work/$target/oom-*"
exit $status
