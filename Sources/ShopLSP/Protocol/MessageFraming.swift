/// The base protocol's framing: each message is a header block (`Content-Length: N`, optionally
/// `Content-Type: ...`, each line ended by CRLF), an empty line, then N bytes of JSON.
///
/// Reading is forgiving where it can be without guessing: header names are matched without regard
/// to case, unknown header lines are skipped, a bare LF ends a line too, and a header that follows
/// junk on the same line is still found.
///
/// What one message can cost is bounded: a header block of more than ``maximumHeaderBlock``
/// bytes is refused as junk, and a message whose `Content-Length` is over the limit is refused as
/// soon as its header is read, before any of its body: the refusal is answered at once, and the
/// body is then read past without being kept. A body announced longer than it is (a client that
/// gave a wrong length) would swallow the messages after it; while a refused body is read past,
/// a `Content-Length` header line ends it early. Such a line cannot be part of a JSON body, whose
/// strings hold no raw line breaks.
public struct FrameReader {
    /// What one read gives.
    public enum Frame: Equatable, Sendable {
        /// The body of a message.
        case message([UInt8])
        /// A message whose declared length is over the limit (`Int.max` for a length too long to
        /// count): refused at its header. Its body is read past by the next call.
        case oversized(length: Int)
        /// Bytes that do not form a header block with a usable `Content-Length`; they were skipped.
        case malformed(String)
        /// The input ended.
        case end
    }

    /// The default limit of a message body: 64 MiB.
    public static let defaultMaximumLength = 64 << 20
    /// A header line longer than this is junk.
    static let maximumHeaderLine = 1 << 16
    /// A header block (every line before the empty one) longer than this is junk: 64 KiB.
    public static let maximumHeaderBlock = 1 << 16

    private let source: any ByteSource
    /// The largest body accepted, in bytes.
    public let maximumLength: Int
    /// Input read but not used yet: `buffer[position..<end]`.
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var position = 0
    private var end = 0
    private var ended = false
    /// A line read too far, to be read again.
    private var pushedBack: [UInt8]?
    /// The bytes of a refused body still to be read past.
    private var skipping = 0

    /// A reader of frames from `source`, refusing bodies longer than `maximumLength` bytes.
    public init(source: any ByteSource, maximumLength: Int = FrameReader.defaultMaximumLength) {
        self.source = source
        self.maximumLength = maximumLength
    }

    /// The next frame.
    public mutating func next() -> Frame {
        if skipping > 0 && !skipRefusedBody() { return .end }
        var length: Int?
        var problem: String?
        var sawHeaderLine = false
        var headerBytes = 0
        while true {
            guard var line = readLine() else { return .end }
            headerBytes += line.count + 1
            if headerBytes > Self.maximumHeaderBlock {
                return .malformed("a message header longer than \(Self.maximumHeaderBlock) bytes")
            }
            if line.isEmpty {
                if let length, problem == nil { return readBody(length: length) }
                if sawHeaderLine {
                    return .malformed(problem ?? "a message header without Content-Length")
                }
                continue  // A stray empty line between messages.
            }
            if let start = Self.contentLengthStart(in: line), start > 0 {
                // Junk, then a header: report the junk; the header begins the next message.
                pushedBack = Array(line[start...])
                return .malformed("bytes that are not a message header: \(Self.preview(line[..<start]))")
            }
            sawHeaderLine = true
            if line.count > Self.maximumHeaderLine {
                problem = "a message header line longer than \(Self.maximumHeaderLine) bytes"
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0, line[..<colon].allSatisfy(Self.isTokenByte)
            else {
                problem = problem ?? "bytes that are not a message header: \(Self.preview(line[...]))"
                continue
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            line = Array(line[(colon + 1)...])
            let value = String(decoding: line, as: UTF8.self).trimmingSpaces
            if name == "content-length" {
                guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    problem = "a Content-Length that is not a byte count: \(Self.preview(value.utf8[...]))"
                    continue
                }
                // Digits too many for a number are a length over any limit.
                length = Int(value) ?? Int.max
            }
        }
    }

    private mutating func readBody(length: Int) -> Frame {
        if length > maximumLength {
            skipping = length
            return .oversized(length: length)
        }
        var body: [UInt8] = []
        body.reserveCapacity(length)
        while body.count < length {
            if position == end && !fill() { return .end }
            let taken = min(length - body.count, end - position)
            body.append(contentsOf: buffer[position..<(position + taken)])
            position += taken
        }
        return .message(body)
    }

    /// Reads past the rest of a refused body, keeping none of it, up to its announced end or to a
    /// `Content-Length` header line in it, which begins the next message; false when the input
    /// ended first.
    private mutating func skipRefusedBody() -> Bool {
        // The end of the current line, enough to hold a header line and what comes before it.
        let kept = 256
        var segment: [UInt8] = []
        while skipping > 0 {
            if position == end && !fill() {
                skipping = 0
                return false
            }
            let stop = position + min(skipping, end - position)
            let newline = buffer[position..<stop].firstIndex(of: 0x0A)
            let segmentEnd = newline ?? stop
            segment.append(contentsOf: buffer[max(position, segmentEnd - kept)..<segmentEnd])
            if segment.count > kept { segment.removeFirst(segment.count - kept) }
            let consumed = (newline.map { $0 + 1 } ?? stop) - position
            skipping -= consumed
            position += consumed
            guard newline != nil else { continue }
            if segment.last == 0x0D { segment.removeLast() }
            if let header = Self.contentLengthLine(in: segment) {
                pushedBack = header
                skipping = 0
                return true
            }
            segment.removeAll(keepingCapacity: true)
        }
        return true
    }

    /// The `Content-Length: N` header at the end of `line`, when the line ends with one.
    static func contentLengthLine(in line: [UInt8]) -> [UInt8]? {
        guard let start = contentLengthStart(in: line) else { return nil }
        let value = line[(start + 15)...].drop { $0 == 0x20 || $0 == 0x09 }
        let digits = value.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, value.dropFirst(digits.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            return nil
        }
        return Array(line[start...])
    }

    /// The next line without its LF or CRLF; nil at the end of the input. A line longer than
    /// the header limit is cut there, the rest read and dropped.
    private mutating func readLine() -> [UInt8]? {
        if let line = pushedBack {
            pushedBack = nil
            return line
        }
        var line: [UInt8] = []
        while true {
            if position == end && !fill() {
                return line.isEmpty ? nil : line
            }
            let newline = buffer[position..<end].firstIndex(of: 0x0A)
            if line.count <= Self.maximumHeaderLine {
                line.append(contentsOf: buffer[position..<(newline ?? end)].prefix(Self.maximumHeaderLine + 1 - line.count))
            }
            position = newline.map { $0 + 1 } ?? end
            if newline != nil {
                if line.last == 0x0D { line.removeLast() }
                return line
            }
        }
    }

    /// Reads the next chunk of input into the buffer, once everything in it has been used.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        let count = buffer.withUnsafeMutableBytes { source.read(into: $0) }
        position = 0
        end = count
        if count == 0 { ended = true }
        return count > 0
    }

    /// Where `Content-Length:` begins in a line, matched without regard to case.
    static func contentLengthStart(in line: [UInt8]) -> Int? {
        let pattern = Array("content-length:".utf8)
        guard line.count >= pattern.count else { return nil }
        return (0...(line.count - pattern.count)).first { start in
            pattern.indices.allSatisfy { offset in
                let byte = line[start + offset]
                return (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == pattern[offset]
            }
        }
    }

    /// Whether a byte may be part of a header name.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    static func preview(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return "'" + text.unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined() + (bytes.count > 40 ? "…'" : "'")
    }

    /// The header block and body of a message.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
