/// Walks the source between libyaml's events, which holds only white space, indicators and
/// comments: queues the comments with what precedes each on its line, and keeps count of the blank
/// lines and indicators that the comments' and nodes' places depend on.
struct GapScanner {
    /// The source being read.
    let source: SourceBytes
    /// Everything before it has been accounted for.
    var cursor: Int
    /// Whether the line the cursor is on has anything but white space before the cursor.
    var lineHasContent = false
    /// The blank lines not yet given to a node or comment.
    var blankLines = BlankLines()
    /// Whether an indicator came since comments were last placed.
    var indicatorSincePlacement = false
    /// Where the last indicator (`-`, `:`, `?`, ...) seen between nodes is.
    var lastIndicatorOffset = -1
    /// The comments met and not yet placed, in source order.
    var queued: [QueuedComment] = []

    /// A scanner at the start of `source`'s text.
    init(source: SourceBytes) {
        self.source = source
        cursor = source.contentStart
    }

    /// Scans from the cursor to `limit`, after `lastToken`, and moves the cursor there. Returns the
    /// offset just past the last indicator seen.
    @discardableResult
    mutating func scan(to limit: Int, after lastToken: LastToken) -> Int? {
        guard limit > cursor else { return nil }
        // The two gaps nearly every scalar has, taken without the general loop: `: ` after a key on
        // its line, and a line break with indentation before the next key.
        if lineHasContent {
            if limit - cursor == 2 && source[cursor] == UInt8(ascii: ":") && source[cursor + 1] == 0x20 {
                noteIndicator(at: cursor)
                cursor = limit
                return limit - 1
            }
            if source[cursor] == 0x0A {
                var index = cursor + 1
                while index < limit && source[index] == 0x20 { index += 1 }
                if index == limit {
                    cursor = limit
                    lineHasContent = false
                    return nil
                }
            }
        }
        var position = cursor
        var hasContent = lineHasContent
        var lineStart = position
        if !hasContent {
            while lineStart > source.contentStart && (source[lineStart - 1] == 0x20 || source[lineStart - 1] == 0x09) {
                lineStart -= 1
            }
        }
        var lastMark: UInt8?
        var indicatorEnd: Int?
        var followsToken = hasContent

        while position < limit {
            let byte = source[position]
            if byte == 0x20 {
                position += 1
                continue
            }
            // Only these bytes can start a line break.
            let breakLength =
                byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 ? source.lineBreakLength(at: position) : 0
            if breakLength > 0 {
                if !hasContent { blankLines.pending = true }
                position += breakLength
                hasContent = false
                lineStart = position
                lastMark = nil
                followsToken = false
                continue
            }
            switch byte {
            case 0x20, 0x09:
                position += 1
            case UInt8(ascii: "#"):
                let lineEnd = source.endOfLine(from: position)
                let ownLine = !hasContent
                queued.append(
                    QueuedComment(
                        start: position, end: source.trimmedEnd(position, lineEnd), column: position - lineStart,
                        precededBy: Precedent.classify(
                            ownLine: ownLine, lastMark: lastMark, followsToken: followsToken, lastToken: lastToken),
                        blankLineSince: blankLines.pending, afterIndicator: indicatorSincePlacement))
                // An own-line comment takes the blank line before it; one at the end of a line
                // leaves it for the node on that line.
                if ownLine { blankLines.pending = false }
                hasContent = true
                position = lineEnd
            default:
                lastMark = byte
                noteIndicator(at: position)
                hasContent = true
                position += 1
                indicatorEnd = position
            }
        }
        cursor = limit
        lineHasContent = hasContent
        return indicatorEnd
    }

    @inline(__always)
    private mutating func noteIndicator(at offset: Int) {
        indicatorSincePlacement = true
        lastIndicatorOffset = offset
        blankLines.indicator()
    }
}
