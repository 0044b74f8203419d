import YAML

/// A list in canonical form, read back, with the lines that each part of it takes: what the
/// conflict markers are put around. Lines are numbered from 0.
struct OutputLines {
    let lines: TextLines
    let document: Document
    let version: ListVersion

    /// Reads canonical text; nil when it does not read back (it always should).
    init?(_ bytes: [UInt8]) {
        guard case .success(let document) = ShoppingList.parseDocument(bytes) else { return nil }
        lines = TextLines(bytes)
        self.document = document
        version = ListVersion(ShoppingList(document: document))
    }

    /// The line of a byte offset.
    func line(of offset: Int) -> Int {
        document.source.line(containing: offset) - 1
    }

    /// The lines of a node and everything under it, with their comments.
    func span(ofSubtree node: Int) -> Range<Int> {
        var first = Int.max
        var last = -1
        document.withRawNodes { nodes in
            for index in node..<nodes.subtreeEnd(node) {
                if let start = nodes.startOffset(index), let end = nodes.endOffset(index) {
                    first = min(first, line(of: start))
                    last = max(last, line(of: max(start, end - 1)))
                }
                for comment in document.node(NodeID(index: index)).trivia.allComments {
                    if let offset = comment.offset {
                        first = min(first, line(of: offset))
                        last = max(last, line(of: offset))
                    }
                }
            }
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The lines of a mapping entry: its key with the comments above it, and its value.
    func span(of entry: ListVersion.Entry) -> Range<Int> {
        let key = span(ofSubtree: entry.keyNode)
        let value = span(ofSubtree: entry.valueNode)
        return min(key.lowerBound, value.lowerBound)..<max(key.upperBound, value.upperBound)
    }

    /// The lines of the comments of one node in one place.
    func span(of comments: [Comment]) -> Range<Int>? {
        let offsets = comments.compactMap(\.offset)
        guard let first = offsets.min(), let last = offsets.max() else { return nil }
        return line(of: first)..<(line(of: last) + 1)
    }

    /// The text of `range`, line by line.
    func text(_ range: Range<Int>) -> [ArraySlice<UInt8>] {
        range.map { lines[$0] }
    }
}
