/// Chooses the safe fixes of a file's findings to make together: each fix whole or not at all,
/// the first of two that overlap, so that the result is what the author evidently meant and nothing
/// else. ``Splices`` makes them, in one pass over the text.
public enum Fixer {
    /// The safe fixes of `findings` that can be made together, in the findings' order: the
    /// findings they fix, and their edits as splices of the text.
    public static func chooseSafeFixes(_ findings: [Finding]) -> (fixed: [Finding], splices: Splices) {
        var choice = SafeFixChoice()
        let fixed = findings.filter { choice.take($0) != nil }
        return (fixed, choice.splices())
    }

    /// The choice of ``chooseSafeFixes(_:)`` made a finding at a time, so that the findings need
    /// not be held: each is kept or passed over as it comes.
    public struct SafeFixChoice: Sendable {
        /// The edits taken, packed, while each came after the one before: as findings come in
        /// order, they nearly always do. 90,000 of them as an array held 2.9 MB, and twice that
        /// while it grew.
        private var inOrder = Splices()
        /// The span of the last edit in `inOrder`.
        private var last: SourceSpan?
        /// Every edit taken, by span, once one came before another: the edits do not overlap (a
        /// fix's own edits do not), so only the one before a new span can reach into it, and
        /// each check is a binary search.
        private var unordered: [TextEdit]?

        /// No fix chosen yet.
        public init() {}

        /// Takes the first safe fix of `finding`, the next finding in order, unless one of its
        /// edits conflicts with a fix taken before; returns it when taken.
        public mutating func take(_ finding: Finding) -> Fix? {
            guard let fix = finding.fixes.first(where: \.isSafe) else { return nil }
            if unordered == nil {
                var previous = last
                let follows = fix.edits.allSatisfy { edit in
                    defer { previous = edit.span }
                    return previous.map { $0 <= edit.span } ?? true
                }
                if follows {
                    // Sorted and not overlapping, the edits taken can meet the new ones only at
                    // the last of them.
                    if let last, fix.edits.contains(where: { Fixer.conflicts($0.span, last) }) { return nil }
                    for edit in fix.edits { inOrder.append(edit.span, edit.replacement.utf8) }
                    last = fix.edits.last?.span ?? last
                    return fix
                }
                unordered = inOrder.edits
                inOrder = Splices()
            }
            var edits = unordered ?? []
            unordered = nil
            defer { unordered = edits }
            guard !fix.edits.contains(where: { Fixer.conflicts($0.span, with: edits) }) else { return nil }
            for edit in fix.edits {
                // Findings come in file order: the edit goes at the end, or near it, after those
                // of the same span.
                var index = edits.count
                while index > 0 && edit.span < edits[index - 1].span { index -= 1 }
                edits.insert(edit, at: index)
            }
            return fix
        }

        /// The edits of the fixes taken, as splices of the text.
        public func splices() -> Splices {
            unordered.map(Splices.init) ?? inOrder
        }
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
