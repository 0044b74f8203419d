/// Reads `shop import --format text` input: one item a line, each read by ``TextLineParser``;
/// blank lines, `#` lines and headings are skipped.
enum TextImportReader {
    /// Reads checked text, for a list whose prices have `priceDecimals`, handing each item with its
    /// 1-based line to `item` in order; returns the lines that cannot be read.
    static func read(
        _ text: ImportText, priceDecimals: Int, each item: (_ line: Int, _ item: TextLineItem) -> Void
    ) -> [ImportProblem] {
        var problems: [ImportProblem] = []
        text.forEachLine { number, line in
            switch TextLineParser.read(line, priceDecimals: priceDecimals) {
            case .skipped: break
            case .item(let read): item(number, read)
            case .items(let items): for read in items { item(number, read) }
            case .failure(let failure): problems.append(ImportProblem(line: number, message: failure.reason))
            }
        }
        return problems
    }
}
