/// A piece of YAML to put into a document: a scalar, or a collection of pieces. Built by code, so it
/// has no source position.
public indirect enum Fragment: Hashable, Sendable {
    /// A scalar with its value and the style to read it with (`.plain` keeps numbers and bools
    /// plain; any other style makes it text).
    case scalar(String, ScalarStyle)
    /// A sequence.
    case sequence([Fragment])
    /// A mapping, entries in order.
    case mapping([FragmentEntry])

    /// Text: written plain where that is safe, else quoted.
    public static func text(_ value: String) -> Fragment { .scalar(value, .doubleQuoted) }
    /// A value written without quotes, such as a number or `true`.
    public static func plain(_ value: String) -> Fragment { .scalar(value, .plain) }
}

/// One key/value pair of a ``Fragment/mapping(_:)``.
public struct FragmentEntry: Hashable, Sendable {
    /// The key.
    public var key: Fragment
    /// The value.
    public var value: Fragment

    /// Creates an entry.
    public init(key: Fragment, value: Fragment) {
        self.key = key
        self.value = value
    }

    /// An entry with a text key.
    public init(_ key: String, _ value: Fragment) {
        self.init(key: .plain(key), value: value)
    }
}

/// Editing: each operation returns a new document and leaves this one as it was. Comments stay with
/// the nodes they belong to; a removed node takes its comments with it.
extension Document {
    /// The document with the scalar `node` holding `value` instead, read with `style`. Its comments
    /// stay.
    public func settingScalar(_ node: NodeID, to value: String, style: ScalarStyle = .plain) -> Document {
        replacing(node, with: .scalar(value, style))
    }

    /// The document with the subtree at `node` replaced by `fragment`. The comments of `node` itself
    /// stay; those inside the replaced subtree go.
    public func replacing(_ node: NodeID, with fragment: Fragment) -> Document {
        let table = storage.table
        let start = node.index
        let end = table.subtreeEnd(start)
        var rows = NodeTable()
        rows.arena = table.arena
        Self.append(fragment, to: &rows)
        rows.flags[0] |= table.flags[start] & (NodeTable.blankLineBit | NodeTable.triviaBit)
        return splice(start..<end, with: rows, keepingCommentsOf: start)
    }

    /// The document without the entry whose key is `key` (the key and its value, with their comments).
    public func removingEntry(key: NodeID) -> Document {
        let table = storage.table
        let valueEnd = table.subtreeEnd(table.subtreeEnd(key.index))
        return removing(key.index..<valueEnd)
    }

    /// The document without the sequence item `item` and its comments.
    public func removingItem(_ item: NodeID) -> Document {
        removing(item.index..<storage.table.subtreeEnd(item.index))
    }

    /// The document with `fragment` added to `sequence` as item number `position` (its count to
    /// append). An empty plain scalar (`items:`) becomes a sequence first.
    public func insertingItem(_ fragment: Fragment, into sequence: NodeID, at position: Int) -> Document {
        let table = storage.table
        let children = table.children(of: sequence.index)
        let insertAt = position < children.count ? children[position] : table.subtreeEnd(sequence.index)
        var rows = NodeTable()
        rows.arena = table.arena
        Self.append(fragment, to: &rows)
        return splice(insertAt..<insertAt, with: rows, keepingCommentsOf: nil, parent: sequence.index)
    }

    /// The document with a key/value pair added to `mapping` as entry number `position` (its count
    /// to append).
    public func insertingEntry(key: Fragment, value: Fragment, into mapping: NodeID, at position: Int) -> Document {
        let table = storage.table
        let children = table.children(of: mapping.index)
        let insertAt = position * 2 < children.count ? children[position * 2] : table.subtreeEnd(mapping.index)
        var rows = NodeTable()
        rows.arena = table.arena
        Self.append(key, to: &rows)
        Self.append(value, to: &rows)
        return splice(insertAt..<insertAt, with: rows, keepingCommentsOf: nil, parent: mapping.index)
    }

    // MARK: Splicing

    private func removing(_ range: Range<Int>) -> Document {
        let table = storage.table
        var rows = NodeTable()
        rows.arena = table.arena
        var result = splice(range, with: rows, keepingCommentsOf: nil)
        // A blank line before what was removed (before its comments, or before it when it has
        // none) stays, before what now comes there and its comments: removing lines leaves the
        // lines around them as they were.
        let removedComment = firstCommentBefore(range.lowerBound, in: table)
        let removedHadBlankLine =
            removedComment.map { table.comments[$0].blankLineBefore } ?? table.hasBlankLine(range.lowerBound)
        if removedHadBlankLine, range.lowerBound < result.storage.table.count,
            !isFirstChild(range.lowerBound, in: table)
        {
            var newTable = result.storage.table
            let parentEnd = parentSubtreeEnd(of: range.lowerBound, in: table)
            if range.upperBound < parentEnd {
                if let comment = firstCommentBefore(range.lowerBound, in: newTable) {
                    newTable.comments[comment].blankLineBefore = true
                } else {
                    newTable.setFlag(NodeTable.blankLineBit, on: range.lowerBound)
                }
                result = Document(
                    storage: DocumentStorage(
                        source: storage.source, table: newTable, root: result.storage.root,
                        endComments: result.storage.endComments))
            }
        }
        return result
    }

    /// The position in `table.comments` of the first comment written on lines of their own above
    /// node `index`: the own-line comments of the node or of its descendants that stand before
    /// its first character, and before the comment on its `-` line if it has one, in the source
    /// (the printer writes those above the node). Nil when there is none.
    private func firstCommentBefore(_ index: Int, in table: NodeTable) -> Int? {
        guard index < table.count else { return nil }
        let nodes = UInt32(index)..<UInt32(table.subtreeEnd(index))
        var limit = table.starts[index]
        for position in table.commentRange(of: index) where table.comments[position].place == .header {
            limit = min(limit, table.comments[position].start)
        }
        var first: Int?
        for position in table.comments.indices {
            let record = table.comments[position]
            guard nodes.contains(record.node), record.place == .leading, !record.inArena, record.start < limit else {
                continue
            }
            if first.map({ record.start < table.comments[$0].start }) ?? true { first = position }
        }
        return first
    }

    private func isFirstChild(_ index: Int, in table: NodeTable) -> Bool {
        index > 0 && !table.isScalar(index - 1) && table.subtreeEnd(index - 1) > index
    }

    private func parentSubtreeEnd(of index: Int, in table: NodeTable) -> Int {
        var candidate = index - 1
        while candidate >= 0 {
            if !table.isScalar(candidate) && table.subtreeEnd(candidate) > index { return table.subtreeEnd(candidate) }
            candidate -= 1
        }
        return table.count
    }

    /// Replaces the rows in `range` by `rows` (whose arena already holds this document's arena),
    /// fixing the subtree ends of the collections around and after them and the comment records.
    /// For an insertion, `parent` is the collection that receives the rows.
    private func splice(
        _ range: Range<Int>, with rows: NodeTable, keepingCommentsOf kept: Int?, parent: Int? = nil
    ) -> Document {
        let old = storage.table
        let delta = rows.count - range.count
        var table = NodeTable()
        table.reserve(old.count + delta)
        table.flags = Array(old.flags[..<range.lowerBound]) + rows.flags + Array(old.flags[range.upperBound...])
        table.starts = Array(old.starts[..<range.lowerBound]) + rows.starts + Array(old.starts[range.upperBound...])
        table.ends = Array(old.ends[..<range.lowerBound]) + rows.ends + Array(old.ends[range.upperBound...])
        table.aux = Array(old.aux[..<range.lowerBound]) + rows.aux + Array(old.aux[range.upperBound...])
        table.arena = rows.arena
        for index in 0..<range.lowerBound where !table.isScalar(index) {
            let end = Int(table.aux[index])
            // Collections that contain the change grow or shrink; at an insertion point that ends
            // several subtrees, only the receiving collection and its ancestors grow.
            let grows = end > range.lowerBound || (end == range.lowerBound && range.isEmpty && index <= (parent ?? -1))
            if grows {
                table.aux[index] = UInt32(end + delta)
            }
        }
        for index in range.lowerBound..<(range.lowerBound + rows.count) where !table.isScalar(index) {
            table.aux[index] += UInt32(range.lowerBound)
        }
        for index in (range.lowerBound + rows.count)..<table.count where !table.isScalar(index) {
            table.aux[index] = UInt32(Int(table.aux[index]) + delta)
        }
        table.comments = old.comments.compactMap { record in
            var record = record
            let node = Int(record.node)
            if node >= range.upperBound {
                record.node = UInt32(node + delta)
            } else if node >= range.lowerBound && node != kept {
                return nil
            }
            return record
        }
        table.sortComments()
        let root: Int? = table.count > 0 ? 0 : nil
        return Document(
            storage: DocumentStorage(source: storage.source, table: table, root: root, endComments: storage.endComments))
    }

    /// Appends the rows of a fragment; subtree ends are relative to the first row.
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
