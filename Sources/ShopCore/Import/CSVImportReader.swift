/// One row of a CSV import: every cell as given, and the values of the known columns.
public struct CSVImportRecord: Hashable, Sendable {
    /// The 1-based line the row starts on.
    public var line: Int
    /// Every cell of the row, unquoted but otherwise as given, one per header column (cells the
    /// row leaves out are empty).
    public var cells: [String]
    /// The values of the known columns: texts exactly as given but for the formula guard (see
    /// ``CSVImportReader``), nil when empty or only spaces and tabs, notes with their line breaks
    /// as written; quantities and prices exactly as written (a price's decimals are checked
    /// against the list's currency when it is applied); `buy` and `done` nil when empty or absent.
    public var fields: ItemFields
}

/// What a CSV import reads.
public struct CSVImport: Hashable, Sendable {
    /// The delimiter, found from the header.
    public var delimiter: CSVDelimiter
    /// The header cells, as given.
    public var header: [String]
    /// Where each known column is among the cells.
    public var columns: [CSVColumn: Int]
    /// The headers of the columns that are not known and are ignored, as given.
    public var ignoredColumns: [String]
    /// The currency the price column's header names (`Price (EUR)`), as written there.
    public var priceCurrency: String? = nil
    /// The `buy` and `done` columns that tick with `x`: an empty cell in them is false, where a
    /// record has nil.
    public var tickedColumns: Set<CSVColumn> = []
    /// The rows with a name, in order; rows whose cells are all empty are skipped.
    public var records: [CSVImportRecord]
    /// Rows and cells that cannot be read.
    public var problems: [ImportProblem]
}

/// Reads `shop import --format csv` input, what `shop export --format csv` writes and what
/// spreadsheets save: a header row, then one item a row (see ``CSVReader``).
///
/// - The delimiter is the header's (``CSVReader/delimiter(of:)``).
/// - Columns are found by ``CSVColumn``; a `name` column is required; a known column may appear
///   once; other columns are ignored (and named in a warning). A price header may name its
///   currency (`Price (EUR)`), which every price of the column is then in. `total`, which the export writes, is price times quantity:
///   it is not read (its cell is kept).
/// - Texts are kept exactly as given, except that the guard the export puts before a text that a
///   spreadsheet could run as a formula is taken off: a cell that starts with `'`s followed by `=`,
///   `+`, `-`, `@`, a tab or a carriage return loses its first `'`. So export then import gives
///   every text back.
/// - Quantities and prices are decimals read by ``ValueReading`` (spaces around them are
///   allowed); with `;` as the delimiter, a decimal comma is accepted (`1,5`).
/// - The delimiter is `,`, `;` or a tab; with `;` or a tab, a decimal comma is accepted, and with
///   any, a quoted one before fewer than three digits (`"3,59"`).
/// - `buy` and `done` are read by ``SpreadsheetFlag``.
/// - A row with more cells than the header is a problem unless the extra cells are empty; a
///   shorter row has empty cells for the rest.
public enum CSVImportReader {
    /// Reads checked text; throws what makes the whole text unreadable: a broken quoted field, no
    /// header, no `name` column, a column named twice.
    public static func read(_ text: ImportText) throws(ImportProblem) -> CSVImport {
        var records: [CSVImportRecord] = []
        var read = try read(text) { records.append($0) }
        read.records = records
        return read
    }

    /// ``read(_:)-(ImportText)``, handing each record to `record` in order instead of holding
    /// them: what is returned has no records. An import of a long input then holds its entries,
    /// not the rows and records besides.
    static func read(_ text: ImportText, each record: (CSVImportRecord) -> Void) throws(ImportProblem) -> CSVImport {
        let delimiter = CSVReader.delimiter(of: text)
        var begun: (headerRow: CSVRow, columns: [CSVColumn: Int], ignored: [String], priceCurrency: String?)?
        var reader: RowReader?
        try CSVReader.forEachRow(text, delimiter: delimiter) { row throws(ImportProblem) in
            if reader != nil {
                reader?.read(row, each: record)
                return true
            }
            let (columns, ignored, priceCurrency) = try Self.columns(of: row, delimiter: delimiter)
            begun = (row, columns, ignored, priceCurrency)
            reader = RowReader(columns: columns, width: row.fields.count, decimalComma: delimiter != .comma)
            return true
        }
        guard let begun, let reader else {
            throw ImportProblem(line: 1, message: "the CSV text is empty; it needs a header row with a name column")
        }
        return CSVImport(
            delimiter: delimiter, header: begun.headerRow.fields, columns: begun.columns, ignoredColumns: begun.ignored,
            priceCurrency: begun.priceCurrency, tickedColumns: reader.tickedColumns, records: [], problems: reader.problems)
    }

    /// The known columns of a header row, the headers of the others, and the currency the price
    /// header names; throws a header without a name column or with a column named twice.
    private static func columns(
        of headerRow: CSVRow, delimiter: CSVDelimiter
    ) throws(ImportProblem) -> (columns: [CSVColumn: Int], ignored: [String], priceCurrency: String?) {
        let header = headerRow.fields
        var columns: [CSVColumn: Int] = [:]
        var ignored: [String] = []
        var priceCurrency: String?
        for (index, cell) in header.enumerated() {
            guard let (column, currency) = CSVColumn.reading(header: cell) else {
                if !cell.strippedOfWhiteSpace.isEmpty { ignored.append(cell) }
                continue
            }
            if column == .key(.price) { priceCurrency = currency }
            if let first = columns[column] {
                throw ImportProblem(
                    line: headerRow.line,
                    message: "the header names the \(column.title) column twice (columns \(first + 1) and \(index + 1))")
            }
            columns[column] = index
        }
        guard columns[.key(.name)] != nil else {
            let delimiterName = delimiter.shown
            throw ImportProblem(
                line: headerRow.line,
                message:
                    "the header has no name column; the first row must name the columns, separated by \"\(delimiterName)\", one of them \"name\"")
        }
        return (columns, ignored, priceCurrency)
    }

    /// Reads bytes; throws when they are not UTF-8 text or not readable as CSV.
    public static func read(_ bytes: [UInt8]) throws(ImportProblem) -> CSVImport {
        try read(try ImportText(bytes))
    }

    /// Takes off the export's formula guard: one `'` before `'`s and a formula character.
    static func unguarded(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let first = scalars.first(where: { $0 != "'" }),
            first.isASCII, SpreadsheetFormula.startsFormula(UInt8(first.value))
        else { return cell }
        return String(scalars.dropFirst())
    }

    /// Reads the rows after the header into records and problems.
    private struct RowReader {
        let columns: [CSVColumn: Int]
        let width: Int
        let decimalComma: Bool
        var problems: [ImportProblem] = []
        /// The flag columns with a cell ticked `x`: an empty cell there is false.
        var tickedColumns: Set<CSVColumn> = []

        /// Reads a row after the header, handing its record to `record`.
        mutating func read(_ row: CSVRow, each record: (CSVImportRecord) -> Void) {
            var cells = row.fields
            if cells.allSatisfy(\.isEmpty) { return }
            if cells.count > width {
                if cells[width...].contains(where: { !$0.isEmpty }) {
                    problems.append(
                        ImportProblem(
                            line: row.line,
                            message: "the row has \(cells.count) cells but the header only \(width); quote cells that hold the delimiter"))
                    return
                }
                cells.removeLast(cells.count - width)
            }
            while cells.count < width { cells.append("") }
            let line = row.line
            let name = columns[.key(.name)].map { CSVImportReader.unguarded(cells[$0]) } ?? ""
            guard !NameKey(name).isEmpty else {
                problems.append(ImportProblem(line: line, message: "the name is empty"))
                return
            }
            func text(_ column: CSVColumn) -> String? {
                guard let index = columns[column] else { return nil }
                let value = CSVImportReader.unguarded(cells[index])
                return value.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : value
            }
            func number(_ column: CSVColumn, _ read: (String) -> Result<DecimalNumber, ValueProblem>) -> DecimalNumber? {
                guard let index = columns[column] else { return nil }
                var value = String(cells[index].strippedOfWhiteSpace)
                guard !value.isEmpty else { return nil }
                let written = value
                // A comma in a cell of a comma-separated file was quoted: before fewer than three
                // digits it can only be a decimal comma (`"3,59"`).
                let commaDigits = value.split(separator: ",", omittingEmptySubsequences: false).last?.count ?? 0
                if !value.contains(".") && value.filter({ $0 == "," }).count == 1 && (decimalComma || commaDigits < 3) {
                    value = value.replacingComma()
                } else if decimalComma, !value.contains(","), let written = DecimalNumber(value),
                    let kind = ValueReading.pointCouldSeparateThousands(written)
                {
                    // Where `,` is the decimal separator, `.` separates thousands: `1.500` is 1500
                    // there as often as 1.5.
                    problems.append(ImportProblem(line: line, message: ValueProblem(key: column.title, text: value, kind: kind).message))
                    return nil
                }
                switch read(value) {
                case .success(let number): return number
                case .failure(var problem):
                    // Said as the cell has it, before its decimal comma was read.
                    problem.text = written
                    problems.append(ImportProblem(line: line, message: problem.message))
                    return nil
                }
            }
            func flag(_ column: CSVColumn) -> Bool? {
                guard let index = columns[column] else { return nil }
                let value = cells[index].strippedOfWhiteSpace
                if value.isEmpty { return nil }
                if SpreadsheetFlag.isTick(value) { tickedColumns.insert(column) }
                if let flag = SpreadsheetFlag.read(value) { return flag }
                problems.append(
                    ImportProblem(
                        line: line,
                        message:
                            "\(column.title) \"\(value)\" is not true or false (also yes/no, 1/0, x for true, or a spreadsheet's words such as WAHR/FALSCH or VRAI/FAUX)"
                    ))
                return nil
            }
            var fields: ItemFields = [.name: name]
            // In the export's order, which is the order of the problems a row has.
            for key in ItemKey.exportColumns where key != .name {
                switch key.kind {
                case .text: fields[key] = text(.key(key))
                case .quantity: fields[decimal: key] = number(.key(key)) { ValueReading.quantity($0) }
                case .price:
                    fields[decimal: key] = number(.key(key)) {
                        ValueReading.price($0, decimals: DecimalNumber.maximumScale, currencyCode: nil)
                    }
                case .flag: fields[flag: key] = flag(.key(key))
                }
            }
            record(CSVImportRecord(line: line, cells: cells, fields: fields))
        }
    }
}
