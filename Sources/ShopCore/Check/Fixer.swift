/// Chooses the safe fixes of a file's findings to make together: each fix whole or not at all,
/// the first of two that overlap, so that the result is what the author evidently meant and nothing
/// else.
public enum Fixer {
    /// The safe fixes of `findings` that can be made together, in the findings' order: the
    /// findings they fix, and their edits, sorted by place and none overlapping.
    public static func chooseSafeFixes(_ findings: [Finding]) -> (fixed: [Finding], edits: [TextEdit]) {
        var fixed: [Finding] = []
        var edits: [TextEdit] = []
        for finding in findings {
            guard let fix = finding.fixes.first(where: \.isSafe),
                !fix.edits.contains(where: { conflicts($0.span, with: edits) })
            else { continue }
            for edit in fix.edits {
                // Findings come in file order: the edit goes at the end, or near it, after those
                // of the same span.
                var index = edits.count
                while index > 0 && edit.span < edits[index - 1].span { index -= 1 }
                edits.insert(edit, at: index)
            }
            fixed.append(finding)
        }
        return (fixed, edits)
    }

    /// `text` with `edits` (sorted by place, none overlapping) made, in one pass. `replaced` is
    /// told, for each edit in order, where its replacement is in the result and the bytes of
    /// `text` it replaced: enough to put `text` back.
    public static func apply(
        _ edits: [TextEdit], to text: [UInt8],
        replaced: (_ made: Range<Int>, _ original: ArraySlice<UInt8>) -> Void = { _, _ in }
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        for edit in edits {
            let start = min(max(copied, edit.span.start), text.count)
            let end = min(max(copied, edit.span.end), text.count)
            bytes.append(contentsOf: text[copied..<start])
            let made = bytes.count
            bytes.append(contentsOf: edit.replacement.utf8)
            replaced(made..<bytes.count, text[start..<end])
            copied = end
        }
        bytes.append(contentsOf: text[copied...])
        return bytes
    }

    /// Whether an edit of `span` conflicts with one of the edits `taken` (sorted by span, none
    /// overlapping): they overlap, or insert at the same place.
    static func conflicts(_ span: SourceSpan, with taken: [TextEdit]) -> Bool {
        // The first taken span that starts at or after `span`.
        var low = 0
        var high = taken.count
        while low < high {
            let middle = (low + high) / 2
            if taken[middle].span.start < span.start { low = middle + 1 } else { high = middle }
        }
        var index = max(0, low - 1)
        while index < taken.count {
            let other = taken[index].span
            if conflicts(span, other) { return true }
            // The spans after it start later still.
            if other.start >= span.end && other.start > span.start { return false }
            index += 1
        }
        return false
    }

    /// Whether edits of `span` and `other` conflict: they overlap, or insert at the same place.
    static func conflicts(_ span: SourceSpan, _ other: SourceSpan) -> Bool {
        let sameStart = other.start == span.start && (span.start == span.end || other.start == other.end)
        return (span.start < other.end && other.start < span.end) || sameStart
    }
}
