import YAML

/// A block of comment lines merged as text, line by line as `git merge-file` merges: the comments
/// at the top of the file, those at its end, those after the last item.
struct CommentLinesMerge {
    /// The merged comments; ours' when the merge has conflicts.
    var comments: [Comment]
    /// Whether the merged comments differ from ours'.
    var changed: Bool
    /// The merged lines with conflict markers, when the merge has conflicts.
    var conflictLines: [String]?
    /// How many conflicts.
    var conflicts: Int

    /// Merges the comments `base`, `ours` and `theirs` (a blank line before a comment is a line
    /// of its own).
    static func merge(
        base: [Comment], ours: [Comment], theirs: [Comment], labels: LineMerge.Labels, markerSize: Int
    ) -> CommentLinesMerge {
        // Blank lines between comments are formatting: only the texts tell a change.
        let texts = { (comments: [Comment]) in comments.map(\.text) }
        if texts(ours) == texts(theirs) || texts(base) == texts(theirs) {
            return CommentLinesMerge(comments: ours, changed: false, conflictLines: nil, conflicts: 0)
        }
        if texts(base) == texts(ours) {
            return CommentLinesMerge(comments: theirs, changed: true, conflictLines: nil, conflicts: 0)
        }
        let oursLines = lines(ours)
        let theirsLines = lines(theirs)
        let result = LineMerge.merge(
            base: text(lines(base)), ours: text(oursLines), theirs: text(theirsLines), labels: labels,
            markerSize: markerSize)
        let merged = String(decoding: result.merged, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).dropLast()
        if result.conflicts > 0 {
            return CommentLinesMerge(comments: ours, changed: false, conflictLines: Array(merged), conflicts: result.conflicts)
        }
        var comments: [Comment] = []
        var blank = false
        for line in merged {
            if line.isEmpty {
                blank = !comments.isEmpty || blank
                continue
            }
            comments.append(Comment(text: line, hasBlankLineBefore: blank))
            blank = false
        }
        return CommentLinesMerge(comments: comments, changed: true, conflictLines: nil, conflicts: 0)
    }

    /// The comments as lines, a blank line before a comment that had one (none at the start).
    static func lines(_ comments: [Comment]) -> [String] {
        var result: [String] = []
        for comment in comments {
            if comment.hasBlankLineBefore && !result.isEmpty { result.append("") }
            result.append(comment.text)
        }
        return result
    }

    static func text(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + "\n" }.joined().utf8)
    }
}
