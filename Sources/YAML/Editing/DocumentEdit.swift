/// A batch of changes to one document, applied together in a single pass over its nodes by
/// ``Document/applying(_:)``.
///
/// Every node a change names is a node of the document the batch is applied to, as it was before
/// any change of the batch: changes do not see each other. Changes must not overlap (a node removed
/// and also changed, or a change inside a replaced node); insertions at one place keep the order in
/// which they were added.
public struct DocumentEdit: Sendable {
    /// What happens to the comments of a removed mapping entry.
    public enum RemovedComments: Sendable, Hashable {
        /// They go with the entry.
        case drop
        /// They stay: comment lines of their own where the entry was, and the first end-of-line
        /// comment at the end of the line of `firstLine` (a scalar of the same mapping, usually the
        /// value printed on its first line) when that line has no comment yet.
        case keep(firstLine: NodeID?)
    }

    /// The cases that carry rows or comments are indirect: a change then takes 24 bytes in the
    /// batch, not the 72 of its largest case (`clear --all` of 100,000 items plans some 60,000).
    enum Change: Sendable {
        indirect case replace(node: Int, with: Subtree)
        case removeEntry(key: Int, comments: RemovedComments)
        case removeItem(node: Int)
        /// Rows to insert before the child `before` of `container`, or at its end when nil.
        indirect case insert(container: Int, before: Int?, position: Int?, rows: Subtree)
        indirect case setComments(node: Int, trivia: Trivia)
        case setBlankLineBefore(node: Int, Bool)
    }

    var changes: [Change] = []

    /// An empty batch.
    public init() {}

    /// Whether the batch changes nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// Replaces the node `node` and everything under it by `subtree`. The comments and the blank
    /// line of `node` itself stay; those of the nodes under it go.
    public mutating func replace(_ node: NodeID, with subtree: Subtree) {
        changes.append(.replace(node: node.index, with: subtree))
    }

    /// Replaces the node `node` by a fragment; see ``replace(_:with:)-(_,Subtree)``.
    public mutating func replace(_ node: NodeID, with fragment: Fragment) {
        replace(node, with: Subtree(fragment))
    }

    /// Removes the mapping entry whose key is `key`, with its value.
    public mutating func removeEntry(key: NodeID, comments: RemovedComments) {
        changes.append(.removeEntry(key: key.index, comments: comments))
    }

    /// Removes the sequence item `item` with its comments.
    public mutating func removeItem(_ item: NodeID) {
        changes.append(.removeItem(node: item.index))
    }

    /// Inserts `subtree` into `sequence` before its item `before`, or at its end when nil.
    public mutating func insertItem(_ subtree: Subtree, into sequence: NodeID, before: NodeID? = nil) {
        changes.append(.insert(container: sequence.index, before: before?.index, position: nil, rows: subtree))
    }

    /// Inserts `subtree` into `sequence` as item number `position` (its count to append).
    public mutating func insertItem(_ subtree: Subtree, into sequence: NodeID, at position: Int) {
        changes.append(.insert(container: sequence.index, before: nil, position: position, rows: subtree))
    }

    /// Inserts the entry `key: value` into `mapping` before the entry whose key is `before`, or at
    /// its end when nil.
    public mutating func insertEntry(key: Fragment, value: Subtree, into mapping: NodeID, before: NodeID? = nil) {
        insertEntry(key: Subtree(key), value: value, into: mapping, before: before)
    }

    /// Inserts the entry whose key is `key` (a subtree, so that the key keeps the comments written
    /// above it) and whose value is `value` into `mapping` before the entry whose key is `before`,
    /// or at its end when nil.
    public mutating func insertEntry(key: Subtree, value: Subtree, into mapping: NodeID, before: NodeID? = nil) {
        var rows = key.table
        rows.append(subtree: value.table)
        changes.append(.insert(container: mapping.index, before: before?.index, position: nil, rows: Subtree(table: rows)))
    }

    /// Sets whether a blank line comes before `node` (which the canonical form keeps before items
    /// and top-level keys), wherever the batch leaves it.
    public mutating func setBlankLineBefore(_ node: NodeID, _ blank: Bool) {
        changes.append(.setBlankLineBefore(node: node.index, blank))
    }

    /// Gives the node `node` exactly the comments of `trivia`, in place of those it had (and of
    /// those a subtree that replaces it brings for its top node). The comments of the nodes under
    /// it are not touched. The comments are written as new ones: their source offsets are not
    /// kept.
    public mutating func setComments(of node: NodeID, to trivia: Trivia) {
        changes.append(.setComments(node: node.index, trivia: trivia))
    }
}

extension NodeTable {
    /// Appends the rows of another table (relative subtree ends, values and comments in its
    /// arena), rebasing them onto this table's end and arena.
    mutating func append(subtree other: NodeTable) {
        let base = UInt32(count)
        let arenaBase = UInt32(arena.count)
        arena.append(contentsOf: other.arena)
        for index in 0..<other.count {
            let flags = other.flags[index]
            var aux = other.aux[index]
            if flags & NodeTable.kindMask != NodeTable.scalarKind {
                aux += base
            } else if flags & NodeTable.arenaBit != 0 {
                aux += arenaBase
            }
            let start = other.starts[index]
            let end = start == NodeTable.synthetic ? 0 : other.end(index)
            append(flags: flags, start: start, end: UInt32(truncatingIfNeeded: end), aux: aux)
        }
        for var record in other.comments {
            record.node += base
            if record.inArena { record.start += arenaBase }
            comments.append(record)
        }
    }
}

extension Document {
    /// The document with every change of `edit` made; this document stays as it was.
    public func applying(_ edit: DocumentEdit) -> Document {
        applyingWithRows(edit).document
    }

    /// The document with every change of `edit` made, and which of its rows are this document's
    /// rows unchanged (so that what was decoded from them need not be decoded again). The batch
    /// is let go of once planned, before the rows are written.
    public func applyingWithRows(_ edit: consuming DocumentEdit) -> (document: Document, rows: RowCorrespondence) {
        guard !edit.isEmpty else { return (self, .identity(count: storage.table.count)) }
        var applier = EditApplier(old: storage.table)
        applier.plan(edit.changes)
        _ = consume edit
        let table = applier.run()
        let root: Int? = table.count > 0 ? 0 : nil
        let document = Document(
            storage: DocumentStorage(source: storage.source, table: table, root: root, endComments: storage.endComments))
        return (document, applier.copied)
    }
}
