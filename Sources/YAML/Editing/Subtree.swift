/// A piece of YAML that belongs to no document: nodes with their values, styles, comments and blank
/// lines, ready to be put into a document by a ``DocumentEdit``.
///
/// A subtree is made from a ``Fragment`` built by code, or copied out of a document with
/// ``Document/subtree(at:)``, which is how a node moves from one document into another with its
/// comments: every value and comment text is copied, so the subtree needs nothing of the document it
/// came from.
public struct Subtree: Sendable {
    /// The rows, in the layout of a node table: subtree ends relative to the first row, every scalar
    /// value and comment text in `table.arena`, no source positions.
    var table: NodeTable
}

extension Subtree {
    /// The subtree of a fragment: its scalars with the styles given, no comments.
    public init(_ fragment: Fragment) {
        var rows = NodeTable()
        Self.append(fragment, to: &rows)
        table = rows
    }

    /// The number of nodes.
    public var nodeCount: Int { table.count }

    /// Whether a blank line is written before the subtree's top node.
    public var hasBlankLineBefore: Bool {
        get { table.count > 0 && table.hasBlankLine(0) }
        set { if table.count > 0 { table.setFlag(NodeTable.blankLineBit, on: 0, newValue) } }
    }

    /// Every comment of the subtree, in printing order of their nodes.
    public var comments: [Comment] {
        table.comments.map { record in
            let range = Int(record.start)..<Int(record.start + record.length)
            return Comment(text: String(decoding: table.arena[range], as: UTF8.self), hasBlankLineBefore: record.blankLineBefore)
        }
    }

    /// Appends the rows of a fragment; subtree ends are relative to the first row of `rows`.
    private static func append(_ fragment: Fragment, to rows: inout NodeTable) {
        let synthetic = NodeTable.synthetic
        switch fragment {
        case .scalar(let value, let style):
            let offset = rows.storeInArena(Array(value.utf8))
            rows.append(
                flags: NodeTable.scalarKind | style.code << NodeTable.styleShift | NodeTable.arenaBit,
                start: synthetic, end: synthetic, aux: offset)
        case .sequence(let items):
            let index = rows.append(flags: NodeTable.sequenceKind, start: synthetic, end: synthetic, aux: 0)
            for item in items { append(item, to: &rows) }
            rows.aux[Int(index)] = UInt32(rows.count)
        case .mapping(let entries):
            let index = rows.append(flags: NodeTable.mappingKind, start: synthetic, end: synthetic, aux: 0)
            for entry in entries {
                append(entry.key, to: &rows)
                append(entry.value, to: &rows)
            }
            rows.aux[Int(index)] = UInt32(rows.count)
        }
    }
}

extension Document {
    /// A copy of the node `node` and everything under it, with its comments and blank lines, that
    /// can be inserted into any document.
    ///
    /// Comments keep the places the printer gives them: a comment line written between a
    /// collection's introducing line and its first entry goes with that entry, and one written
    /// after a scalar's end-of-line comment stays after it.
    public func subtree(at node: NodeID) -> Subtree {
        let old = storage.table
        let first = node.index
        let end = old.subtreeEnd(first)
        var rows = NodeTable()
        rows.reserve(end - first)
        let bytes = storage.source.bytes
        for index in first..<end {
            let flags = old.flags[index]
            if old.isScalar(index) {
                let (inArena, range) = old.scalarValueRange(index)
                let offset = inArena ? rows.storeInArena(old.arena[range]) : rows.storeInArena(bytes[range])
                rows.append(flags: flags | NodeTable.arenaBit, start: NodeTable.synthetic, end: NodeTable.synthetic, aux: offset)
            } else {
                rows.append(
                    flags: flags, start: NodeTable.synthetic, end: NodeTable.synthetic,
                    aux: old.aux[index] - UInt32(first))
            }
        }
        for index in first..<end where old.hasTrivia(index) {
            let local = index - first
            var trivia = storage.trivia(of: index)
            let around = trivia.leadingAroundHeader
            if !around.after.isEmpty {
                if old.isScalar(index) || old.subtreeEnd(index) == index + 1 {
                    // Printed as comment lines in source order, the header among them.
                    trivia.leading = around.before + (trivia.header.map { [$0] } ?? []) + around.after
                    trivia.header = nil
                } else {
                    // Printed after the header line, where the first child's own comments go.
                    trivia.leading = around.before
                    let child = local + 1
                    for comment in around.after.reversed() {
                        rows.prependComment(comment, to: child, place: .leading)
                    }
                }
            }
            for comment in trivia.leading { rows.addComment(comment, to: local, place: .leading) }
            if let header = trivia.header { rows.addComment(header, to: local, place: .header) }
            if let trailing = trivia.trailing { rows.addComment(trailing, to: local, place: .trailing) }
            for comment in trivia.end { rows.addComment(comment, to: local, place: .end) }
        }
        rows.sortComments()
        return Subtree(table: rows)
    }
}

extension NodeTable {
    /// Adds a comment whose text goes into the arena.
    mutating func addComment(_ comment: Comment, to node: Int, place: CommentRecord.Place) {
        comments.append(arenaRecord(of: comment, node: node, place: place))
        setFlag(NodeTable.triviaBit, on: node)
    }

    /// Stores the text of `comment` in the arena and returns its record, not yet added.
    mutating func arenaRecord(of comment: Comment, node: Int, place: CommentRecord.Place) -> CommentRecord {
        let text = Array(comment.text.utf8)
        let start = UInt32(truncatingIfNeeded: arena.count)
        arena.append(contentsOf: text)
        return CommentRecord(
            node: UInt32(node), start: start, length: UInt32(text.count), place: place,
            blankLineBefore: comment.hasBlankLineBefore, inArena: true)
    }

    /// Adds a comment that goes before the node's other comments of the same place once sorted.
    mutating func prependComment(_ comment: Comment, to node: Int, place: CommentRecord.Place) {
        addComment(comment, to: node, place: place)
        let record = comments.removeLast()
        comments.insert(record, at: 0)
    }
}
