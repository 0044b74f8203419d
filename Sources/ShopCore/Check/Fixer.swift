import YAML

/// Applies the safe fixes of a file's findings to its text: each fix whole or not at all, the
/// first of two that overlap, so that the result is what the author evidently meant and nothing
/// else.
public enum Fixer {
    /// What applying fixes did.
    public struct Outcome: Sendable {
        /// The new text.
        public var bytes: [UInt8]
        /// The findings whose fix was applied, in order.
        public var fixed: [Finding]
    }

    /// `source` with the safe fix of each finding in `findings` applied.
    public static func applySafeFixes(_ findings: [Finding], to source: SourceText) -> Outcome {
        var chosen: [(finding: Finding, fix: Fix)] = []
        var taken: [SourceSpan] = []
        for finding in findings {
            guard let fix = finding.fixes.first(where: \.isSafe) else { continue }
            // Two edits conflict when they overlap, or insert at the same place.
            let conflicts = fix.edits.contains { edit in
                taken.contains { other in
                    (edit.span.start < other.end && other.start < edit.span.end)
                        || (edit.span.start == other.start && (edit.span.start == edit.span.end || other.start == other.end))
                }
            }
            guard !conflicts else { continue }
            chosen.append((finding, fix))
            taken.append(contentsOf: fix.edits.map(\.span))
        }
        let edits = chosen.flatMap(\.fix.edits).sorted { $0.span > $1.span }
        var bytes = source.bytes
        for edit in edits {
            bytes.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.replacement.utf8))
        }
        return Outcome(bytes: bytes, fixed: chosen.map(\.finding))
    }
}
