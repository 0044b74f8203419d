/// What separates the fields of a CSV record.
public enum CSVDelimiter: UInt8, Hashable, Sendable, CaseIterable {
    /// `,`, as RFC 4180 and `shop export` write.
    case comma = 0x2C
    /// `;`, as spreadsheets write where the decimal separator is a comma.
    case semicolon = 0x3B
    /// A tab, as spreadsheets write "tab-separated values" and copy cells.
    case tab = 0x09

    /// The delimiter as a message shows it.
    public var shown: String {
        switch self {
        case .comma: ","
        case .semicolon: ";"
        case .tab: "a tab"
        }
    }
}

/// One record of a CSV text.
public struct CSVRow: Hashable, Sendable {
    /// The 1-based line the record starts on.
    public var line: Int
    /// The fields, unquoted: `"a ""b"""` is `a "b"`.
    public var fields: [String]
}

/// Reads CSV text by RFC 4180, as spreadsheets write it: records end with CRLF, LF or a lone CR
/// (a final line end is optional); a field is quoted with `"` when it holds the delimiter, a quote
/// or a line break, and a quote inside it is doubled. A quote inside a field that does not start
/// with one is kept as a character (`5" screen`). Blank lines are skipped. Line breaks inside a
/// quoted field are kept exactly as written and count as lines for the line numbers.
///
/// One pass over the bytes: time and memory in proportion to the input.
public enum CSVReader {
    /// The delimiter of a text's header record: the one of `,`, `;` and tab that appears most
    /// often outside quotes in it (in that order when as often), unless only another one splits
    /// off a field named `name`.
    public static func delimiter(of text: ImportText) -> CSVDelimiter {
        let headers = CSVDelimiter.allCases.map { delimiter in
            (delimiter, fields: (try? rows(text, delimiter: delimiter, limit: 1))?.first?.fields ?? [])
        }
        // By how often the delimiter appears, most first; the sort is stable, so the order of
        // `allCases` breaks ties.
        let byCount = headers.sorted { max($0.fields.count - 1, 0) > max($1.fields.count - 1, 0) }
        let named = byCount.first { $0.fields.contains { CSVColumn(header: $0) == .key(.name) } }
        return (named ?? byCount[0]).0
    }

    /// The first `limit` records; throws an unterminated quoted field (naming the line it starts
    /// on) or text between a closing quote and the end of its field.
    public static func rows(_ text: ImportText, delimiter: CSVDelimiter, limit: Int = .max) throws(ImportProblem) -> [CSVRow] {
        var rows: [CSVRow] = []
        try forEachRow(text, delimiter: delimiter) { row in
            rows.append(row)
            return rows.count < limit
        }
        return rows
    }

    /// Hands each record to `body`, in order, without holding them, until `body` returns false;
    /// throws as ``rows(_:delimiter:limit:)`` does, and what `body` throws.
    static func forEachRow(
        _ text: ImportText, delimiter: CSVDelimiter, _ body: (CSVRow) throws(ImportProblem) -> Bool
    ) throws(ImportProblem) {
        var source = text.text
        let failure = source.withUTF8 { bytes -> ImportProblem? in
            var scanner = Scanner(bytes: bytes, delimiter: delimiter.rawValue)
            do throws(ImportProblem) {
                while let row = try scanner.nextRow(), try body(row) {}
            } catch {
                return error
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Walks the bytes one record at a time.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let delimiter: UInt8
        var index = 0
        var line = 1
        /// The bytes of a quoted field with doubled quotes, undoubled.
        var buffer: [UInt8] = []

        /// The next record that is not a blank line; nil at the end.
        mutating func nextRow() throws(ImportProblem) -> CSVRow? {
            while index < bytes.count {
                let start = line
                var fields: [String] = []
                var blank = true
                while true {
                    let (field, quoted) = try nextField()
                    if quoted || !field.isEmpty { blank = false }
                    fields.append(field)
                    guard index < bytes.count else { break }
                    let byte = bytes[index]
                    if byte == delimiter {
                        index += 1
                        blank = false
                        continue
                    }
                    skipLineEnd()
                    break
                }
                if !blank { return CSVRow(line: start, fields: fields) }
            }
            return nil
        }

        /// Reads one field and stops at the delimiter, line end or end of text after it.
        private mutating func nextField() throws(ImportProblem) -> (String, quoted: Bool) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    index += 1
                }
                return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), false)
            }
            let startLine = line
            index += 1
            buffer.removeAll(keepingCapacity: true)
            var start = index
            while true {
                guard index < bytes.count else {
                    throw ImportProblem(
                        line: startLine, message: "the quoted field that starts here has no closing quote")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    index += 1
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        buffer.append(UInt8(ascii: "\""))
                        index += 1
                        start = index
                        continue
                    }
                    break
                }
                if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { line += 1 }
                index += 1
            }
            if index < bytes.count {
                let next = bytes[index]
                guard next == delimiter || next == 0x0A || next == 0x0D else {
                    throw ImportProblem(
                        line: line,
                        message:
                            "text follows the closing quote of a field; a quote inside a quoted field is written twice (\"\")")
                }
            }
            return (String(decoding: buffer, as: UTF8.self), true)
        }

        private mutating func skipLineEnd() {
            guard index < bytes.count else { return }
            if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            index += 1
            line += 1
        }
    }
}
