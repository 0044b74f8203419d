/// The bytes of a source being read, with the questions about lines the reader asks of them.
///
/// Line breaks are counted as libyaml counts them (LF, CR, CRLF, NEL, LS, PS), because the reader
/// walks the gaps between libyaml's events and must agree with it on where lines end.
struct SourceBytes {
    /// The whole input, byte order mark included.
    let buffer: UnsafeBufferPointer<UInt8>
    /// Where the text proper begins, after a byte order mark.
    let contentStart: Int

    /// The number of bytes in the input.
    var count: Int { buffer.count }

    /// The byte at `position`.
    @inline(__always)
    subscript(position: Int) -> UInt8 { buffer[position] }

    /// The length of the line break at `position`, or 0.
    func lineBreakLength(at position: Int) -> Int {
        let byte = buffer[position]
        if byte == 0x0A { return 1 }
        if byte == 0x0D { return position + 1 < buffer.count && buffer[position + 1] == 0x0A ? 2 : 1 }
        if byte == 0xC2 && position + 1 < buffer.count && buffer[position + 1] == 0x85 { return 2 }
        if byte == 0xE2 && position + 2 < buffer.count && buffer[position + 1] == 0x80
            && (buffer[position + 2] == 0xA8 || buffer[position + 2] == 0xA9)
        {
            return 3
        }
        return 0
    }

    /// The offset of the line break that ends the line `position` is on, or the end of the input.
    func endOfLine(from position: Int) -> Int {
        var index = position
        while index < buffer.count && lineBreakLength(at: index) == 0 {
            index += 1
        }
        return index
    }

    /// The offset just past the line break at `position`, if there is one there.
    func afterLineBreak(_ position: Int) -> Int {
        guard position < buffer.count else { return position }
        return position + lineBreakLength(at: position)
    }

    /// Whether `position` starts a line: the start of the text, or just after a line break.
    func isLineBreak(before position: Int) -> Bool {
        guard position > contentStart else { return true }
        let byte = buffer[position - 1]
        return byte == 0x0A || byte == 0x0D
            || (position >= 2 && buffer[position - 2] == 0xC2 && byte == 0x85)
            || (position >= 3 && buffer[position - 3] == 0xE2 && buffer[position - 2] == 0x80
                && (byte == 0xA8 || byte == 0xA9))
    }

    /// `end` moved back over the spaces and tabs before it, but not before `start`.
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var index = end
        while index > start && (buffer[index - 1] == 0x20 || buffer[index - 1] == 0x09) {
            index -= 1
        }
        return index
    }

    /// Whether `byte` is an indicator that introduces a node of its own: `-`, `:` or `?`.
    static func isIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "?")
    }

    /// Whether `byte` is a space, a tab or an ASCII line break.
    static func isWhiteSpaceOrBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Reads a block scalar's header (`|2- # comment`) at `start`, for a scalar whose event ends at
    /// `end`: the comment on it, and where the content proper ends. libyaml's event takes in the
    /// blank lines after the value, but they belong to the value only with keep chomping (`+`);
    /// otherwise they stay in the gap, where they are kept as blank lines.
    func blockScalarHeader(from start: Int, end: Int) -> (comment: Range<Int>?, contentEnd: Int) {
        var position = start + 1
        var keep = false
        while position < end {
            let byte = buffer[position]
            if byte == UInt8(ascii: "+") {
                keep = true
            } else if byte != UInt8(ascii: "-")
                && !(byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9"))
            {
                break
            }
            position += 1
        }
        while position < end && (buffer[position] == 0x20 || buffer[position] == 0x09) {
            position += 1
        }
        var comment: Range<Int>?
        let headerEnd = endOfLine(from: position)
        if position < end && buffer[position] == UInt8(ascii: "#") {
            comment = position..<trimmedEnd(position, headerEnd)
        }
        if keep { return (comment, end) }
        var last = end
        while last > headerEnd && Self.isWhiteSpaceOrBreak(buffer[last - 1]) {
            last -= 1
        }
        var contentEnd = last > headerEnd ? endOfLine(from: last) : headerEnd
        contentEnd = afterLineBreak(contentEnd)
        return (comment, min(contentEnd, max(end, headerEnd)))
    }
}
