#!/usr/bin/env bash
# Prints how many rows of the import table (Tests/ShopCLITests/Fixtures/import-lines/lines.yaml)
# `shop import` reads exactly as the table says, how that divides by kind, language and what
# differs, and every row it misses with what the row wants and what came.
#
#   scripts/import-table-accuracy.sh
#
# It builds shop and the tests in debug (.build) and runs the table's report test; the build's
# output is shown only when it fails. The exit status is 0 when every row got a clear answer
# (whatever the accuracy), 1 when shop crashed or failed without saying why on a row.
set -euo pipefail
cd "$(dirname "$0")/.."

report=$(mktemp)
log=$(mktemp)
trap 'rm -f "$report" "$log"' EXIT

status=0
if ! swift build --product shop >"$log" 2>&1; then
    cat "$log" >&2
    exit 2
fi
SHOP_IMPORT_TABLE_REPORT="$report" swift test --filter 'ImportLinesTableTests/reportsTheAccuracy' >"$log" 2>&1 || status=$?
if [ ! -s "$report" ]; then
    cat "$log" >&2
    echo "import-table-accuracy: the report test did not run" >&2
    exit 2
fi
cat "$report"
if [ "$status" -ne 0 ]; then
    grep -E 'recorded an issue|failed' "$log" >&2 || true
fi
exit "$status"
