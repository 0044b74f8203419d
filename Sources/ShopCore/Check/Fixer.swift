/// Chooses the safe fixes of a file's findings to make together: each fix whole or not at all,
/// the first of two that overlap, so that the result is what the author evidently meant and nothing
/// else. ``Splices`` makes them, in one pass over the text.
public enum Fixer {
    /// The safe fixes of `findings` that can be made together, in the findings' order: the
    /// findings they fix, and their edits as splices of the text.
    public static func chooseSafeFixes(_ findings: [Finding]) -> (fixed: [Finding], splices: Splices) {
        var fixed: [Finding] = []
        var edits: [TextEdit] = []
        // The spans of the edits taken, by start. They do not overlap (a fix's own edits do not),
        // so only the one before a new span can reach into it: each check is a binary search,
        // and a list with a fix on every line is fixed in linear time.
        var taken: [SourceSpan] = []
        for finding in findings {
            guard let fix = finding.fixes.first(where: \.isSafe) else { continue }
            guard !fix.edits.contains(where: { conflicts($0.span, with: taken) }) else { continue }
            fixed.append(finding)
            edits.append(contentsOf: fix.edits)
            for edit in fix.edits {
                // Findings come in file order: the span goes at the end, or near it.
                var index = taken.count
                while index > 0 && edit.span < taken[index - 1] { index -= 1 }
                taken.insert(edit.span, at: index)
            }
        }
        edits.sort { $0.span < $1.span }
        return (fixed, Splices(edits))
    }

    /// Whether an edit of `span` conflicts with one of `taken` (sorted by start, none overlapping):
    /// they overlap, or insert at the same place.
    static func conflicts(_ span: SourceSpan, with taken: [SourceSpan]) -> Bool {
        // The first taken span that starts at or after `span`.
        var low = 0
        var high = taken.count
        while low < high {
            let middle = (low + high) / 2
            if taken[middle].start < span.start { low = middle + 1 } else { high = middle }
        }
        var index = max(0, low - 1)
        while index < taken.count {
            let other = taken[index]
            let sameStart = other.start == span.start && (span.start == span.end || other.start == other.end)
            if (span.start < other.end && other.start < span.end) || sameStart { return true }
            // The spans after it start later still.
            if other.start >= span.end && other.start > span.start { return false }
            index += 1
        }
        return false
    }
}
