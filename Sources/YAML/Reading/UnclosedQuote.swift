/// Finds the quote to blame for a syntax error: one that was meant to be closed on its line and
/// was not, so that the quoted text ran on over the lines after it to the next quote character
/// (libyaml reads a quoted scalar across lines), and libyaml complained only there, often many
/// lines later. The author must look where the quote opens.
///
/// Only consulted when a read has failed: a quoted scalar over several lines in a document that
/// reads is what its author wrote.
enum UnclosedQuote {
    /// The quoted scalar to report instead of a syntax error reported at `position`, or nil when
    /// none is to blame. `marks` are the other places libyaml named (where it stopped, and the
    /// context it was in); `inProgress` is a quoted scalar it was still reading when it stopped
    /// (from its context mark to where it stopped), when it was. `characters` is libyaml's count of
    /// characters (its marks' index) past the last of these places: quoted scalars are looked for
    /// before it.
    ///
    /// A scalar is blamed when it runs over a line break, the lines it swallowed read as further
    /// lines of YAML (``swallowsLines(_:in:)``), and the error comes where it ends: either it opens
    /// at `position` (a quoted key on more than one line), or it opens before `position` and ends
    /// before one of the places on that place's line. Blaming goes back along such scalars: an
    /// unclosed quote's text ends at the next quote, which may then open a second run-on scalar,
    /// and so on to where libyaml stopped.
    static func blame(
        errorAt position: Int, marks: [Int], inProgress: QuotedStretch?, characters: Int, in source: SourceText
    ) -> QuotedStretch? {
        // The text is scanned again only when a quote could end or open at one of the places,
        // which takes a quote on its line: most errors have none, and a long list's error at its
        // end is not worth a second pass then.
        var scanned: [QuotedStretch]?
        func stretches(near targets: [Int]) -> [QuotedStretch] {
            if scanned == nil && targets.contains(where: { quoteOnLine(upTo: $0, in: source) }) {
                var found = QuotedStretches.multiLine(in: source, openingBeforeCharacter: characters)
                if let inProgress, !found.contains(where: { $0.open == inProgress.open }) {
                    found.append(inProgress)
                    found.sort { $0.open < $1.open }
                }
                scanned = found
            }
            return scanned ?? (inProgress.map { [$0] } ?? [])
        }

        var blamed = stretches(near: [position]).first {
            $0.open == position && $0.isClosed && swallowsLines($0, in: source)
        }
        var targets = blamed.map { [$0.open] } ?? [position] + marks
        while true {
            let all = stretches(near: targets)
            let earlier = targets.compactMap { target in
                endingOnTheLine(of: target, before: min(target, position), in: all, source: source)
            }.max { $0.open < $1.open }
            guard let earlier else { return blamed }
            blamed = earlier
            targets = [earlier.open]
        }
    }

    /// The stretch of `stretches` (in source order, none overlapping another) that opens before
    /// `bound` and on an earlier line than `target`'s, and ends before `target` on its line,
    /// having swallowed lines; nil when there is none. Only the last stretch to open before `bound`
    /// on an earlier line can: any before it ends before it opens, on an earlier line. (Found by
    /// halving, so that going back along thousands of stretches takes no more than a look each.)
    private static func endingOnTheLine(
        of target: Int, before bound: Int, in stretches: [QuotedStretch], source: SourceText
    ) -> QuotedStretch? {
        let low = stretches.partitionIndex { $0.open >= bound }
        let line = source.line(containing: target)
        // A stretch over several lines that opens on the target's line ends after it: skip it.
        var index = low - 1
        while index >= 0 && source.line(containing: stretches[index].open) >= line { index -= 1 }
        guard index >= 0 else { return nil }
        let stretch = stretches[index]
        guard stretch.end <= target, source.line(containing: stretch.end) == line, swallowsLines(stretch, in: source)
        else { return nil }
        return stretch
    }

    /// Whether the line holding `offset` has a quote character at or before it.
    private static func quoteOnLine(upTo offset: Int, in source: SourceText) -> Bool {
        let bytes = source.bytes
        var index = min(offset, bytes.count - 1)
        while index >= source.contentStart && bytes[index] != 0x0A && bytes[index] != 0x0D {
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") { return true }
            index -= 1
        }
        return false
    }

    /// Whether a line that `stretch` runs over, up to where it ends, looks like a line of YAML of
    /// its own rather than more of the quoted text: an item (`- `), a key (`word:` followed by a
    /// space or the end of the line), or a line indented no more than the one the quote opens on
    /// (the lines of a quoted text go deeper than its key). A closing quote that starts its line
    /// counts as that line's text; where libyaml stopped inside a quoted text (at a `---` line,
    /// say) does not.
    static func swallowsLines(_ stretch: QuotedStretch, in source: SourceText) -> Bool {
        let bytes = source.bytes
        let openingIndentation = indentation(ofLineAt: stretch.open, in: source)
        let limit = stretch.end
        var index = stretch.open + 1
        while index < limit {
            let byte = bytes[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            if byte == 0x0D && index < limit && bytes[index] == 0x0A { index += 1 }
            var content = index
            while content < limit && bytes[content] == 0x20 { content += 1 }
            let hasText = content < limit && bytes[content] != 0x0A && bytes[content] != 0x0D
            guard hasText || (content == limit && stretch.isClosed) else { continue }
            if content - index <= openingIndentation { return true }
            if hasText && readsAsItemOrKey(from: content, before: limit, in: bytes) { return true }
        }
        return false
    }

    /// Whether the text from `start` to the end of its line (or to `limit`) begins with `- `, or
    /// with a key and `:`.
    private static func readsAsItemOrKey(from start: Int, before limit: Int, in bytes: [UInt8]) -> Bool {
        func isBlank(_ index: Int) -> Bool {
            index >= limit || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
        }
        if bytes[start] == UInt8(ascii: "-") && isBlank(start + 1) { return true }
        var index = start
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index > start && isBlank(index + 1) }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "#") { return false }
            index += 1
        }
        return false
    }

    /// The number of spaces that begin the line holding `offset`.
    private static func indentation(ofLineAt offset: Int, in source: SourceText) -> Int {
        let bytes = source.bytes
        var start = offset
        while start > source.contentStart && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        var end = start
        while end < offset && bytes[end] == 0x20 { end += 1 }
        return end - start
    }
}
