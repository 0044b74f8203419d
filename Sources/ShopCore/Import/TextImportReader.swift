/// What a text import reads: one item per line that names one, and a problem for each line that
/// cannot be read.
public struct TextImport: Hashable, Sendable {
    /// One item and the line it is on.
    public struct Record: Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// What the line asks for.
        public var item: TextLineItem
    }

    /// The items, in the order of their lines.
    public var records: [Record]
    /// The lines that cannot be read, in order.
    public var problems: [ImportProblem]
}

/// Reads `shop import --format text` input: one item a line, each read by ``TextLineParser``;
/// blank lines, `#` lines and headings are skipped.
public enum TextImportReader {
    /// Reads checked text, for a list whose prices have `priceDecimals`.
    public static func read(_ text: ImportText, priceDecimals: Int = Currency.defaultDecimals) -> TextImport {
        var records: [TextImport.Record] = []
        let problems = read(text, priceDecimals: priceDecimals) { records.append($0) }
        return TextImport(records: records, problems: problems)
    }

    /// ``read(_:priceDecimals:)-(ImportText,_)``, handing each record to `record` in order
    /// instead of holding them; returns the problems.
    static func read(
        _ text: ImportText, priceDecimals: Int, each record: (TextImport.Record) -> Void
    ) -> [ImportProblem] {
        var problems: [ImportProblem] = []
        text.forEachLine { number, line in
            switch TextLineParser.read(line, priceDecimals: priceDecimals) {
            case .skipped: break
            case .item(let item): record(TextImport.Record(line: number, item: item))
            case .items(let items): for item in items { record(TextImport.Record(line: number, item: item)) }
            case .failure(let failure): problems.append(ImportProblem(line: number, message: failure.reason))
            }
        }
        return problems
    }

    /// Reads bytes; throws when they are not UTF-8 text (see ``ImportText``).
    public static func read(_ bytes: [UInt8]) throws(ImportProblem) -> TextImport {
        read(try ImportText(bytes))
    }
}
