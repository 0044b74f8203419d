#!/usr/bin/env bash
# Fuzzing: builds the YAML and ShopCore libraries with libFuzzer's coverage and AddressSanitizer and
# runs Fuzz/FuzzTarget.swift on generated inputs, starting from the examples, the YAML test suite,
# the export fixtures and the pasted lines of the import tests.
# A crash, a hang, a failed expectation or a memory error stops it and leaves the input in
# Fuzz/work/. Not part of `swift test`: run it by hand.
#
#   Fuzz/run.sh [SECONDS] [JOBS]      (defaults: 300 seconds, 2 jobs)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
jobs=${2:-2}
work=Fuzz/work
mkdir -p "$work/build" "$work/corpus" "$work/seeds"

flags=(-O -sanitize=fuzzer,address -parse-as-library -I "$work/build")
swiftc "${flags[@]}" -enable-testing -emit-library -static -module-name YAML -emit-module \
    -emit-module-path "$work/build/YAML.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    Sources/YAML/*.swift -o "$work/build/libYAML.a"
swiftc "${flags[@]}" -emit-library -static -module-name ShopCore -emit-module \
    -emit-module-path "$work/build/ShopCore.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    $(find Sources/ShopCore -name '*.swift' | sort) -o "$work/build/libShopCore.a"
swiftc "${flags[@]}" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap Fuzz/FuzzTarget.swift \
    -L "$work/build" -lShopCore -lYAML $(pkg-config --libs yaml-0.1) -o "$work/fuzz-shop"

cp examples/*.yaml "$work/seeds/"
# Exports and pasted lines, for the import readers.
cp Tests/ShopCoreTests/Fixtures/export/*.csv Tests/ShopCoreTests/Fixtures/export/*.md \
    Tests/ShopCoreTests/Fixtures/import/text-lines.tsv "$work/seeds/"
# The YAML test suite, where the tests find it: in $SHOP_TEST_CORPUS, else next to the repository.
corpus=${SHOP_TEST_CORPUS:-../shared/corpus}/yaml-test-suite
if [ -d "$corpus" ]; then
    find "$corpus" -name in.yaml | while read -r file; do
        cp "$file" "$work/seeds/$(echo "$file" | tr '/' '_')"
    done
fi
# libFuzzer writes one log per job into the current folder: run it in the work folder.
cd "$work"
./fuzz-shop -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=4096 \
    -jobs="$jobs" -workers="$jobs" corpus seeds
status=0
grep -l -E "ERROR|Fatal error|deadly signal|timeout" fuzz-*.log && status=1
echo "logs: $work/fuzz-*.log; inputs that failed: $work/crash-*, $work/timeout-*, $work/oom-*"
exit $status
