import JSON

/// The text of an import, checked before any format reads it: UTF-8 (a byte order mark is
/// accepted and dropped) or UTF-16 with its byte order mark, no NUL bytes (which only binary data and UTF-16 or UTF-32 text have), and
/// split into lines at LF, CRLF or a lone CR.
///
/// The checks make one pass over the bytes, so any input, however large or hostile, gets its
/// answer in time proportional to its size; input larger than ``maximumBytes`` is refused before
/// it is looked at, which bounds the memory the readers take.
public struct ImportText: Sendable {
    /// The largest input imported at once, in bytes: 8 MiB, several times the largest catalog a
    /// household keeps, and small enough that every reader stays within a few hundred megabytes.
    public static let maximumBytes = 8 << 20

    /// The text, without a byte order mark.
    public let text: String

    /// Why input of `size` bytes is refused.
    public static func tooLargeMessage(size: Int?) -> String {
        let limit = "shop imports at most 8 MiB (\(grouped(maximumBytes)) bytes) at a time; split it into smaller files"
        guard let size else { return "the input is larger than 8 MiB; " + limit }
        return "the input is \(grouped(size)) bytes; " + limit
    }

    /// `52428800` as `52,428,800`.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Checks `bytes`; throws the first problem: too large, UTF-32 text, binary data, invalid
    /// UTF-8. UTF-16 with a byte order mark is read as the text it is.
    public init(_ bytes: [UInt8]) throws(ImportProblem) {
        if bytes.count > Self.maximumBytes {
            throw ImportProblem(line: 1, message: Self.tooLargeMessage(size: bytes.count))
        }
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            // UTF-16 with its byte order mark, as spreadsheets save "Unicode text": read as the
            // UTF-8 it stands for. UTF-32's mark starts as UTF-16 little-endian's does.
            if bytes.count >= 4 && bytes[0] == 0xFF && bytes[2] == 0 && bytes[3] == 0 {
                throw ImportProblem(line: 1, message: "the text is encoded as UTF-32; save it as UTF-8 or UTF-16")
            }
            try self.init(checked: try Self.utf8(fromUTF16: bytes))
            return
        }
        try self.init(checked: bytes)
    }

    /// Checks UTF-8 `bytes` (after a UTF-16 text was turned into them).
    private init(checked bytes: [UInt8]) throws(ImportProblem) {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let body = hasMark ? bytes[3...] : bytes[...]
        if let problem = body.withUnsafeBufferPointer(Self.firstProblem) { throw problem }
        text = String(decoding: body, as: UTF8.self)
    }

    /// The UTF-8 of UTF-16 `bytes` that start with their byte order mark; throws a broken
    /// surrogate pair or an odd number of bytes, naming the line.
    private static func utf8(fromUTF16 bytes: [UInt8]) throws(ImportProblem) -> [UInt8] {
        let bigEndian = bytes[0] == 0xFE
        guard bytes.count % 2 == 0 else {
            throw ImportProblem(line: 1, message: "the text is UTF-16 with an odd number of bytes: it is cut short")
        }
        let units = stride(from: 2, to: bytes.count, by: 2).map { index -> UInt16 in
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return UInt16(high) << 8 | UInt16(low)
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count * 2)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            output.append($0)
        }
        if failed {
            // The lines written before the broken pair, counted as the text's lines.
            let line = output.count { $0 == 0x0A } + 1
            throw ImportProblem(line: line, message: "the text is not valid UTF-16 (a broken surrogate pair); save it again")
        }
        return output
    }

    /// The first NUL byte or invalid UTF-8, naming the line and the offending byte.
    private static func firstProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportProblem? {
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 {
                    let message = line == 1 && count > 1 && (bytes[0] == 0 || bytes[1] == 0)
                        ? "the text has NUL bytes: it is binary data, or UTF-16 or UTF-32 text; save it as UTF-8"
                        : "the text has a NUL byte: it is binary data, not text"
                    return ImportProblem(line: line, message: message)
                }
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) { line += 1 }
                index += 1
                continue
            }
            guard let (_, length) = UTF8Validation.scalar(at: index, in: bytes) else {
                let hex = String(byte, radix: 16, uppercase: true)
                return ImportProblem(
                    line: line,
                    message: "the text is not valid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex)); save it as UTF-8")
            }
            index += length
        }
        return nil
    }

    /// Calls `body` with each line's 1-based number and its text, without the line end. A final
    /// line end does not start another line.
    public func forEachLine(_ body: (_ number: Int, _ text: Substring) -> Void) {
        let utf8 = text.utf8
        var number = 1
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = utf8.index(after: index)
                continue
            }
            body(number, text[start..<index])
            number += 1
            index = utf8.index(after: index)
            if byte == 0x0D && index < utf8.endIndex && utf8[index] == 0x0A { index = utf8.index(after: index) }
            start = index
        }
        if start < utf8.endIndex { body(number, text[start..<utf8.endIndex]) }
    }
}
