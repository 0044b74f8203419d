#!/usr/bin/env bash
# Benchmark: what importing Foundation for name matching would cost. Builds shop in release mode as
# it is and as a variant whose NameKey normalizes with Foundation (NFKD with
# decomposedStringWithCompatibilityMapping, case folding with folding(options: .caseInsensitive))
# instead of the generated decomposition table, each with the Swift runtime linked dynamically and
# with --static-swift-stdlib, then prints the binaries' sizes, their start-up times and their peak
# memory (Benchmarks/startup.py).
#
#   Benchmarks/foundation-cost.sh [RUNS]      (default: 200 runs of each command)
#
# A benchmark, not a test: it is not part of `swift test`. The variant is built under
# Benchmarks/work and never touches Sources.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
work=Benchmarks/work/foundation
variant="$work/variant"
rm -rf "$variant"
mkdir -p "$variant"
cp -R Package.swift Sources Tests "$variant/"

python3 - "$variant/Sources/ShopCore" <<'PATCH'
import pathlib, sys
core = pathlib.Path(sys.argv[1])
name_key = core / "NameKey.swift"
text = name_key.read_text()
start = text.index("    static func normalize(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {")
end = text.index("    private static func normalizeASCII(")
foundation = '''    static func normalize(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let folded = String(decoding: name, as: UTF8.self).decomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCompatibilityMapping
        var result: [UInt8] = []
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            result.append(contentsOf: String(scalar).utf8)
        }
        return result
    }

'''
name_key.write_text("import Foundation\n\n" + text[:start] + foundation + text[end:])
# Foundation does the table's work, so the variant carries no table.
(core / "Values" / "UnicodeDecompositions.swift").write_text(
    "let decompositionKeys: [UInt32] = []\n"
    "let decompositionOffsets: [UInt16] = [0]\n"
    "let decompositionValues: [UInt32] = []\n")
PATCH

build() {  # build SOURCE_DIR SCRATCH [FLAGS...]: prints the path of the shop binary
    local source=$1 scratch=$2
    shift 2
    swift build --package-path "$source" --scratch-path "$scratch" -c release --product shop "$@" >&2
    echo "$(swift build --package-path "$source" --scratch-path "$scratch" -c release "$@" --show-bin-path)/shop"
}

binaries=()
for static in "" "--static-swift-stdlib"; do
    suffix=${static:+, static stdlib}
    binaries+=("tables${suffix}=$(build . "$work/tables${static:+-static}" $static)")
    binaries+=("Foundation${suffix}=$(build "$variant" "$work/foundation${static:+-static}" $static)")
done

python3 Benchmarks/startup.py "$runs" examples/groceries.yaml "${binaries[@]}"
