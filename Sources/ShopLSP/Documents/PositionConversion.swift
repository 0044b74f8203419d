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
        var mark: PositionMark?
        return position(of: offset, in: encoding, resuming: &mark)
    }

    /// The position of `offset`, as ``position(of:in:)`` finds it, counting from `mark` (where the
    /// last conversion in `encoding` ended) when that is on the same line, forwards or back,
    /// rather than from the line's start; `mark` is then where this one ended. Offsets converted
    /// near one another along a line (a list written on one line has thousands of findings and
    /// symbols there) then cost their distance, not the line's length each.
    func position(of offset: Int, in encoding: PositionEncoding, resuming mark: inout PositionMark?) -> Position {
        let target = min(max(offset, 0), bytes.count)
        let line = lines.line(containing: target)
        let end = min(target, lines.contentEnd(of: line, in: bytes))
        var current = lines.starts[line]
        var units = 0
        if let mark, mark.line == line {
            if mark.offset <= end {
                current = mark.offset
                units = mark.units
            } else if let back = stepBack(from: mark, to: end, encoding: encoding) {
                current = back.offset
                units = back.units
            }
        }
        while current < end {
            let (length, unitCount) = Self.character(at: current, in: bytes, encoding: encoding)
            if current + length > end { break }
            units += unitCount
            current += length
        }
        mark = PositionMark(line: line, offset: current, units: units)
        return Position(line: line, character: units)
    }

    /// The last character boundary at or before `end`, walking back from `mark` (after it on the
    /// same line), with the code units before it; nil where a byte that cannot begin a character
    /// stands in the way, which the walk forwards from the line's start then handles.
    private func stepBack(from mark: PositionMark, to end: Int, encoding: PositionEncoding) -> (offset: Int, units: Int)? {
        let lineStart = lines.starts[mark.line]
        var current = mark.offset
        var units = mark.units
        while current > end {
            var start = current - 1
            while start > lineStart && current - start < 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let (length, unitCount) = Self.character(at: start, in: bytes, encoding: encoding)
            guard start + length == current else { return nil }
            units -= unitCount
            current = start
        }
        return (current, units)
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

/// Where a conversion of an offset to a position ended: the line, the offset of a character
/// boundary on it, and how many code units come before that on the line.
struct PositionMark: Sendable {
    var line: Int
    var offset: Int
    var units: Int
}
