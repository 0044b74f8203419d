#!/usr/bin/env bash
# Fuzzing: builds the libraries with libFuzzer's coverage and AddressSanitizer and runs one target
# on generated inputs. A crash, a hang, a failed expectation or a memory error stops it and leaves the
# input in its work folder. Not part of `swift test`: run it by hand.
#
#   shop   Fuzz/FuzzTarget.swift: reading, fmt, check, exports, an edit, one thread against two;
#          starts from the examples and the YAML test suite; works in Fuzz/work/.
#   json   Fuzz/JSONFuzzTarget.swift: the JSON reader and writer; starts from the JSON schema and a
#          few documents, with the tokens of Fuzz/json.dict; works in Fuzz/work/json/.
#   lsp    Fuzz/LSPFuzzTarget.swift: shop lsp on a session of messages, one per line (or raw bytes);
#          starts from Fuzz/lsp-seeds/, with the tokens of Fuzz/json.dict; works in Fuzz/work/lsp/.
#
#   Fuzz/run.sh [SECONDS] [JOBS] [TARGET]      (defaults: 300 seconds, 2 jobs, shop)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
jobs=${2:-2}
target=${3:-shop}
work=Fuzz/work
case "$target" in
shop | json | lsp) ;;
*)
    echo "unknown fuzz target '$target'; expected shop, json or lsp" >&2
    exit 2
    ;;
esac
mkdir -p "$work/build" "$work/corpus" "$work/seeds"

flags=(-O -sanitize=fuzzer,address -parse-as-library -I "$work/build")
swiftc "${flags[@]}" -emit-library -static -module-name JSON -emit-module \
    -emit-module-path "$work/build/JSON.swiftmodule" Sources/JSON/*.swift -o "$work/build/libJSON.a"

if [ "$target" = json ]; then
    swiftc "${flags[@]}" Fuzz/JSONFuzzTarget.swift -L "$work/build" -lJSON -o "$work/fuzz-json"
    mkdir -p "$work/json/corpus" "$work/json/seeds"
    cp schema/*.json "$work/json/seeds/"
    printf '%s' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}' > "$work/json/seeds/request.json"
    printf '%s' '[0,-0.5e+10,1E-7,"\u00e9\ud83d\ude00\n",true,false,null,{},[]]' > "$work/json/seeds/values.json"
    cd "$work/json"
    ../fuzz-json -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 -dict=../../json.dict \
        -jobs="$jobs" -workers="$jobs" corpus seeds
    status=0
    grep -l -E "ERROR|Fatal error|deadly signal|timeout" fuzz-*.log && status=1
    echo "logs: $work/json/fuzz-*.log; inputs that failed: $work/json/crash-*, $work/json/timeout-*, $work/json/oom-*"
    exit $status
fi

swiftc "${flags[@]}" -enable-testing -emit-library -static -module-name YAML -emit-module \
    -emit-module-path "$work/build/YAML.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    Sources/YAML/*.swift -o "$work/build/libYAML.a"
swiftc "${flags[@]}" -emit-library -static -module-name ShopCore -emit-module \
    -emit-module-path "$work/build/ShopCore.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
    Sources/ShopCore/*.swift -o "$work/build/libShopCore.a"
swiftc "${flags[@]}" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap Fuzz/FuzzTarget.swift \
    -L "$work/build" -lShopCore -lYAML -lJSON $(pkg-config --libs yaml-0.1) -o "$work/fuzz-shop"

if [ "$target" = lsp ]; then
    swiftc "${flags[@]}" -emit-library -static -module-name ShopLSP -emit-module \
        -emit-module-path "$work/build/ShopLSP.swiftmodule" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap \
        Sources/ShopLSP/*.swift -o "$work/build/libShopLSP.a"
    swiftc "${flags[@]}" -Xcc -fmodule-map-file=Sources/CLibYAML/module.modulemap Fuzz/LSPFuzzTarget.swift \
        -L "$work/build" -lShopLSP -lShopCore -lYAML -lJSON $(pkg-config --libs yaml-0.1) -o "$work/fuzz-lsp"
    mkdir -p "$work/lsp/corpus"
    cd "$work/lsp"
    # A session that ends at exit leaves the thread that reads messages to finish reading the rest of
    # the input after the run returns; what it still holds is not a leak, so leaks are not checked.
    ../fuzz-lsp -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=16384 -dict=../../json.dict \
        -detect_leaks=0 \
        -jobs="$jobs" -workers="$jobs" corpus ../../lsp-seeds
    status=0
    grep -l -E "ERROR|Fatal error|deadly signal|timeout" fuzz-*.log && status=1
    echo "logs: $work/lsp/fuzz-*.log; inputs that failed: $work/lsp/crash-*, $work/lsp/timeout-*, $work/lsp/oom-*"
    exit $status
fi

cp examples/*.yaml "$work/seeds/"
corpus=../shared/corpus/yaml-test-suite
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
