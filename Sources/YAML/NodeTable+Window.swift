/// Dropping rows from the middle of a table while it is being built: how a streamed read (see
/// ``EntryStream``) forgets the entries it has handed over, so that it holds only the rows before
/// them and those of the entry still being read.
extension NodeTable {
    /// The rows from `start` on, moved out of this table into one of their own, with their comments
    /// and long ends: indices and arena offsets are kept as they were, to be shifted when the rows
    /// come back (``rejoin(_:shift:arenaShift:)``). The arena stays whole. The comments must be in
    /// lookup order (``sortComments(after:)``): theirs are the last ones.
    mutating func splitOff(from start: Int) -> NodeTable {
        var tail = NodeTable()
        tail.flags = Array(flags[start...])
        tail.starts = Array(starts[start...])
        tail.lengths = Array(lengths[start...])
        tail.aux = Array(aux[start...])
        let boundary = UInt32(truncatingIfNeeded: start)
        tail.longEnds = Array(longEnds[longEnds.partitionIndex { $0.node >= boundary }...])
        tail.comments = Array(comments[comments.partitionIndex { $0.node >= boundary }...])
        truncate(to: start)
        return tail
    }

    /// Drops every row from `count` on, with their comments and long ends (the arena stays). The
    /// comments must be in lookup order: theirs are the last ones.
    mutating func truncate(to count: Int) {
        flags.removeSubrange(count...)
        starts.removeSubrange(count...)
        lengths.removeSubrange(count...)
        aux.removeSubrange(count...)
        let boundary = UInt32(truncatingIfNeeded: count)
        longEnds.removeSubrange(longEnds.partitionIndex { $0.node >= boundary }...)
        comments.removeSubrange(comments.partitionIndex { $0.node >= boundary }...)
    }

    /// Puts the comment records in lookup order, as ``sortComments()`` does, when the first
    /// `sorted` of them are in it already: only the others are sorted, and merged in. A streamed
    /// read sorts at every hand-over, and most comments are the top level's, sorted before.
    ///
    /// A node whose comments come over several hand-overs has them all sorted again from the places
    /// they were recorded in, so that the order is the one a single sort gives: a read's comments
    /// are recorded in the order of the source, which their offsets keep.
    mutating func sortComments(after sorted: Int) {
        guard sorted > 0 else { return sortComments() }
        guard sorted < comments.count else { return }
        let order = { (left: CommentRecord, right: CommentRecord) in
            (left.node, left.placedAs.rawValue, left.start) < (right.node, right.placedAs.rawValue, right.start)
        }
        let added = comments[sorted...].sorted(by: order)
        // The sorted records of the nodes the added ones go to, or of nodes after them, are sorted
        // again with them: usually none, or the entry being read.
        let from = comments[..<sorted].partitionIndex { $0.node >= added[0].node }
        var tail = Array(comments[from..<sorted])
        for position in tail.indices { tail[position].place = tail[position].placedAs }
        tail.append(contentsOf: added)
        if from < sorted { tail.sort(by: order) }
        comments.replaceSubrange(from..., with: tail)
        normalizeCommentPlaces(from: from)
    }

    /// Appends rows that ``splitOff(from:)`` took, which now go `shift` rows earlier, with their
    /// arena values `arenaShift` bytes earlier.
    mutating func rejoin(_ tail: NodeTable, shift: Int, arenaShift: Int) {
        let rowShift = UInt32(truncatingIfNeeded: shift)
        let byteShift = UInt32(truncatingIfNeeded: arenaShift)
        flags.append(contentsOf: tail.flags)
        starts.append(contentsOf: tail.starts)
        lengths.append(contentsOf: tail.lengths)
        for (offset, value) in tail.aux.enumerated() {
            let nodeFlags = tail.flags[offset]
            if nodeFlags & NodeTable.kindMask == NodeTable.scalarKind {
                aux.append(nodeFlags & NodeTable.arenaBit != 0 ? value - byteShift : value)
            } else {
                // A collection still open has no end yet (0); a closed one's end moves with it.
                aux.append(value == 0 ? 0 : value - rowShift)
            }
        }
        for entry in tail.longEnds {
            longEnds.append(LongEnd(node: entry.node - rowShift, end: entry.end))
        }
        for var record in tail.comments {
            record.node -= rowShift
            comments.append(record)
        }
    }

    /// The arena bytes of the rows in `rows` that keep their value there, when the rows after them
    /// start keeping theirs at `followingStart` (the arena's end when none does): the values are
    /// stored in row order, so they are one range.
    func arenaRange(of rows: Range<Int>, followingStart: Int) -> Range<Int>? {
        for row in rows where flags[row] & (NodeTable.kindMask | NodeTable.arenaBit) == NodeTable.arenaBit {
            return Int(aux[row])..<followingStart
        }
        return nil
    }

    /// Where the first of `table`'s rows that keeps its value in the arena keeps it; nil when none does.
    static func firstArenaOffset(in table: NodeTable) -> Int? {
        for row in 0..<table.count where table.flags[row] & (NodeTable.kindMask | NodeTable.arenaBit) == NodeTable.arenaBit {
            return Int(table.aux[row])
        }
        return nil
    }
}
