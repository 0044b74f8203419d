import Synchronization

/// The bytes of one YAML source, kept once, with a table of line starts for turning byte offsets into
/// line and column numbers.
///
/// Line breaks are LF, CR and CRLF, the ones editors show. A UTF-8 byte order mark at the very start is
/// not part of line 1: the first character after it is at column 1.
public struct SourceText: Sendable {
    /// The complete input, byte order mark included when there was one.
    public let bytes: [UInt8]
    /// Where the text proper begins: 3 after a UTF-8 byte order mark, else 0.
    public let contentStart: Int
    /// Byte offsets at which lines begin, computed the first time a position is asked for: reading
    /// and formatting never need them.
    private let lineIndex: LineIndex

    /// Byte offsets at which lines begin; the first is `contentStart`.
    var lineStarts: [UInt32] { lineIndex.starts(of: bytes, from: contentStart) }

    /// Wraps `bytes`, noting a leading byte order mark and where each line begins.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        contentStart = hasBOM ? 3 : 0
        lineIndex = LineIndex()
    }

    /// Creates a source from a string (for tests and for text built in memory).
    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    fileprivate static func findLineStarts(_ bytes: [UInt8], from start: Int) -> [UInt32] {
        bytes.withUnsafeBufferPointer { buffer in
            // Counted first, so that the table is made at its size: one grown as it filled would
            // reach twice that on the way (8 MB for the 2 MB of a 500,000-line file).
            var count = 1
            LineStarts.forEach(in: buffer, after: start, through: buffer.count) { _ in count += 1 }
            var starts: [UInt32] = [UInt32(truncatingIfNeeded: start)]
            starts.reserveCapacity(count)
            LineStarts.forEach(in: buffer, after: start, through: buffer.count) {
                starts.append(UInt32(truncatingIfNeeded: $0))
            }
            return starts
        }
    }

    /// Where the line holding `offset` starts: after an LF, or after a CR that no LF follows, or
    /// at the start of the text. Found by looking back, without the table of line starts.
    private func startOfLine(containing offset: Int) -> Int {
        var start = offset
        while start > contentStart {
            let before = bytes[start - 1]
            if before == 0x0A || (before == 0x0D && (start == bytes.count || bytes[start] != 0x0A)) { break }
            start -= 1
        }
        return start
    }

    /// The 1-based column of `offset`, counted in Unicode scalars from the start of its line, found
    /// without the table of line starts: a rule that needs a column while a long list is read in
    /// parts does not build the table then (``location(at:)`` gives line and column).
    public func column(at offset: Int) -> Int {
        let clamped = max(contentStart, min(offset, bytes.count))
        var column = 1
        for index in startOfLine(containing: clamped)..<clamped where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The line break that ends the line holding `offset` (`\r\n`, `\r` or `\n`), else the one
    /// that ends the line before it, else `\n`: what a new line written there ends with, so that an
    /// edit keeps the file's line breaks.
    public func lineBreak(near offset: Int) -> String {
        let clamped = max(contentStart, min(offset, bytes.count))
        if let end = bytes[clamped...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) { return lineBreak(at: end) }
        // The last line has no break: the line before it has.
        let start = startOfLine(containing: clamped)
        guard start > contentStart else { return "\n" }
        let before = start - 1
        return lineBreak(at: bytes[before] == 0x0A && before > contentStart && bytes[before - 1] == 0x0D ? before - 1 : before)
    }

    /// The line break whose first byte (a CR or an LF) is at `index`, as text.
    private func lineBreak(at index: Int) -> String {
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }

    /// The number of lines; a final line break does not start a further line.
    public var lineCount: Int {
        let lineStarts = self.lineStarts
        if let last = lineStarts.last, Int(last) == bytes.count, lineStarts.count > 1 {
            return lineStarts.count - 1
        }
        return lineStarts.count
    }

    /// The 1-based line that contains `offset`.
    public func line(containing offset: Int) -> Int {
        let lineStarts = self.lineStarts
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low + 1
    }

    /// The line, column and offset of a byte offset. Offsets past the end clamp to the end.
    public func location(at offset: Int) -> SourceLocation {
        let clamped = max(contentStart, min(offset, bytes.count))
        let lineStarts = self.lineStarts
        let line = line(containing: clamped)
        let lineStart = Int(lineStarts[line - 1])
        var column = 1
        var index = lineStart
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column, offset: clamped)
    }

    /// The text of a 1-based line without its line break, for showing a diagnostic's context.
    /// Invalid UTF-8 is shown with replacement characters.
    public func text(ofLine line: Int) -> String {
        let lineStarts = self.lineStarts
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// The line starts of a source, computed once on first use and shared by copies of the source.
private final class LineIndex: Sendable {
    private let table = Mutex<[UInt32]?>(nil)

    func starts(of bytes: [UInt8], from start: Int) -> [UInt32] {
        table.withLock { table in
            if let table { return table }
            let computed = SourceText.findLineStarts(bytes, from: start)
            table = computed
            return computed
        }
    }
}
