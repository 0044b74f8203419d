/// The outline of one line of a block-style YAML file, as far as completion needs it: how deep it
/// is indented, whether it starts a sequence entry (`- `), and the key it holds. Read from the
/// bytes alone, so that it works on a document that does not read as YAML.
struct LineShape: Equatable {
    /// Spaces before the first character.
    var indent: Int
    /// Whether the line holds nothing but white space or a comment.
    var isBlank: Bool
    /// The column of the `-` that starts a sequence entry on the line, if it does.
    var dashColumn: Int?
    /// The column where the line's content begins after the indentation and any `- `.
    var contentColumn: Int
    /// The key of a `key:` at ``contentColumn`` (a plain key, without quotes), if the line holds one.
    var key: String?
    /// Whether nothing but white space or a comment follows the key's `:`.
    var keyEndsLine: Bool

    /// The shape of the line from `start` to `end` (before its line end) in `bytes`.
    init(_ bytes: [UInt8], start: Int, end: Int) {
        var position = start
        while position < end && bytes[position] == Self.space { position += 1 }
        indent = position - start
        isBlank = position == end || bytes[position] == Self.hash
        dashColumn = nil
        if !isBlank, bytes[position] == Self.dash, position + 1 < end, bytes[position + 1] == Self.space {
            dashColumn = position - start
            position += 1
            while position < end && bytes[position] == Self.space { position += 1 }
        }
        contentColumn = position - start
        let found = Self.key(in: bytes, from: position, to: end)
        key = found?.key
        keyEndsLine = found?.endsLine ?? false
    }

    /// The plain key that starts at `start`: the text up to a `:` followed by a space or `end`,
    /// when that text is not quoted, flow, a comment or another sequence entry; with the offset of
    /// the `:` and whether only white space or a comment follows it.
    static func key(in bytes: [UInt8], from start: Int, to end: Int) -> (key: String, colon: Int, endsLine: Bool)? {
        guard start < end else { return nil }
        switch bytes[start] {
        case hash, dash, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "?"),
            UInt8(ascii: "|"), UInt8(ascii: ">"):
            return nil
        default: break
        }
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte == colon && (position + 1 == end || bytes[position + 1] == space) {
                var keyEnd = position
                while keyEnd > start && bytes[keyEnd - 1] == space { keyEnd -= 1 }
                var rest = position + 1
                while rest < end && bytes[rest] == space { rest += 1 }
                return (String(decoding: bytes[start..<keyEnd], as: UTF8.self), position, rest == end || bytes[rest] == hash)
            }
            if byte == hash && position > start && bytes[position - 1] == space { return nil }
            position += 1
        }
        return nil
    }

    /// Where the text of `line` begins: its start, or after the byte order mark that may open
    /// the first line, which is no part of it.
    static func start(of line: Int, in bytes: [UInt8], lines: LineIndex) -> Int {
        let start = lines.starts[line]
        if start == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return 3 }
        return start
    }

    static let space = UInt8(ascii: " ")
    static let dash = UInt8(ascii: "-")
    static let hash = UInt8(ascii: "#")
    static let colon = UInt8(ascii: ":")
}
