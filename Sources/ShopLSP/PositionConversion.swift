/// Converting between LSP positions and byte offsets, exactly, in either encoding.
///
/// LSP's rules for positions that do not fall on a character: a character offset past the end of
/// its line means the end of the line (before its line end), and a line past the last line means
/// the end of the document. A position inside a character (inside a UTF-16 surrogate pair, or
/// inside a UTF-8 sequence) is taken as the start of that character.
extension TextDocument {
    /// The byte offset of `position`.
    public func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        guard position.line < lines.lineCount else { return bytes.count }
        let end = lines.contentEnd(of: position.line, in: bytes)
        var offset = lines.starts[position.line]
        var units = 0
        while offset < end {
            let (length, unitCount) = Self.character(at: offset, in: bytes, encoding: encoding)
            if units + unitCount > position.character { break }
            units += unitCount
            offset += length
        }
        return min(offset, end)
    }

    /// The position of the byte offset `offset` (clamped to the text); an offset inside a line end
    /// is the end of its line.
    public func position(of offset: Int, in encoding: PositionEncoding) -> Position {
        let target = min(max(offset, 0), bytes.count)
        let line = lines.line(containing: target)
        let end = min(target, lines.contentEnd(of: line, in: bytes))
        var current = lines.starts[line]
        var units = 0
        while current < end {
            let (length, unitCount) = Self.character(at: current, in: bytes, encoding: encoding)
            if current + length > end { break }
            units += unitCount
            current += length
        }
        return Position(line: line, character: units)
    }

    /// The range of the byte offsets `range`.
    public func range(of range: Range<Int>, in encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: range.lowerBound, in: encoding), end: position(of: range.upperBound, in: encoding))
    }

    /// The byte length of the character at `offset` and how many code units it takes in `encoding`.
    /// The text is UTF-8 from JSON strings, so a byte that cannot begin a character does not occur;
    /// it would count as one.
    static func character(at offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> (length: Int, units: Int) {
        let lead = bytes[offset]
        let length =
            switch lead {
            case 0..<0x80: 1
            case 0xC0..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF8: 4
            default: 1
            }
        let clamped = min(length, bytes.count - offset)
        switch encoding {
        case .utf8: return (clamped, clamped)
        case .utf16: return (clamped, clamped == 4 ? 2 : 1)
        }
    }
}
