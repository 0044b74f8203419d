/// The text of an import, checked before any format reads it: UTF-8 (a byte order mark is
/// accepted and dropped), no NUL bytes (which only binary data and UTF-16 or UTF-32 text have), and
/// split into lines at LF, CRLF or a lone CR.
///
/// The checks make one pass over the bytes, so any input, however large or hostile, gets its
/// answer in time proportional to its size.
public struct ImportText: Sendable {
    /// The text, without a byte order mark.
    public let text: String

    /// Checks `bytes`; throws the first problem: UTF-16 or UTF-32 text, binary data, invalid UTF-8.
    public init(_ bytes: [UInt8]) throws(ImportProblem) {
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            throw ImportProblem(line: 1, message: "the text is encoded as UTF-16 or UTF-32; save it as UTF-8")
        }
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let body = hasMark ? bytes[3...] : bytes[...]
        try Self.check(body)
        text = String(decoding: body, as: UTF8.self)
    }

    /// Finds NUL bytes and invalid UTF-8, naming the line and the offending byte.
    private static func check(_ bytes: ArraySlice<UInt8>) throws(ImportProblem) {
        var line = 1
        var index = bytes.startIndex
        let count = bytes.endIndex
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 {
                    let start = bytes.startIndex
                    let message = line == 1 && count - start > 1 && (bytes[start] == 0 || bytes[start + 1] == 0)
                        ? "the text has NUL bytes: it is binary data, or UTF-16 or UTF-32 text; save it as UTF-8"
                        : "the text has a NUL byte: it is binary data, not text"
                    throw ImportProblem(line: line, message: message)
                }
                if byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) { line += 1 }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                let hex = String(byte, radix: 16, uppercase: true)
                throw ImportProblem(
                    line: line,
                    message: "the text is not valid UTF-8 (byte 0x\(hex.count < 2 ? "0" : "")\(hex)); save it as UTF-8")
            }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 when it is not one (overlong
    /// forms, surrogates and values past U+10FFFF are not).
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.endIndex else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
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
