/// How a read streams the entries of one top-level sequence (see ``EntryStream``): which sequence,
/// and handing its completed entries over and dropping their rows.
extension TreeBuilder {
    /// How far the stream has got.
    struct StreamingState {
        /// The stream wants the value of the top-level key just read.
        var keyAccepted = false
        /// Whether a key was accepted (or the top level ended): no more keys are asked about.
        var settled = false
        /// The streamed sequence, while it is open.
        var sequence: Int?
        /// How many of its entries have been handed over.
        var taken = 0
        /// How many comment records, at the front, are in lookup order: they need no sorting again.
        var sortedComments = 0
    }

    /// Asks the stream about a scalar just read when it is a key of a top-level mapping, and notes a
    /// scalar value of a key it accepted (nothing is streamed then).
    mutating func noteTopLevelScalar(_ index: Int) {
        guard let stream, !streaming.settled, stack.count == 1, stack[0].isMapping else { return }
        if streaming.keyAccepted {
            streaming.keyAccepted = false
            streaming.settled = true
            return
        }
        // A key is a mapping's first, third, ... child; `children` already counts it.
        guard children % 2 == 1 else { return }
        streaming.keyAccepted = table.withRawNodes(source: bytes.buffer) { nodes in
            stream.streamsValue(ofKey: nodes.value(index))
        }
    }

    /// Hands the streamed sequence's completed entries over and drops them. An entry is complete
    /// once a node after it has been read: the comments between it and that node have then been
    /// given their places, none of them on the entry's nodes any more.
    mutating func handOverEntries() {
        guard let stream, let sequence = streaming.sequence else { return }
        let first = sequence + 1
        var end = first
        var lastEntry = first
        var count = 0
        while end < table.count {
            // A collection still open has no end yet (0).
            let next = table.isScalar(end) ? end + 1 : Int(table.aux[end])
            guard next > end, next < table.count else { break }
            lastEntry = end
            end = next
            count += 1
        }
        guard count > 0 else { return }

        // The rows of the entry being read go aside while the part is lent, which is then a whole
        // document: the top level so far, the sequence holding just the entries handed over.
        table.sortComments(after: streaming.sortedComments)
        let reading = table.splitOff(from: end)
        let lastEntryEnd = table.end(lastEntry)
        table.aux[0] = UInt32(truncatingIfNeeded: end)
        table.aux[sequence] = UInt32(truncatingIfNeeded: end)
        table.setEnd(lastEntryEnd, of: 0)
        table.setEnd(lastEntryEnd, of: sequence)
        do {
            let storage = DocumentStorage(source: source, table: table, root: 0, endComments: [])
            stream.take(
                StreamedPart(
                    document: Document(storage: storage), sequence: NodeID(index: sequence),
                    firstPosition: streaming.taken))
        }
        // Open again, as they were.
        for open in [0, sequence] {
            table.aux[open] = 0
            table.setEnd(Int(table.starts[open]), of: open)
        }
        streaming.taken += count

        let followingStart = NodeTable.firstArenaOffset(in: reading) ?? table.arena.count
        let released = table.arenaRange(of: first..<end, followingStart: followingStart) ?? followingStart..<followingStart
        table.arena.removeSubrange(released)
        table.truncate(to: first)
        let shift = end - first
        table.rejoin(reading, shift: shift, arenaShift: released.count)
        // In lookup order still: the rows of the entry being read came back last, with theirs.
        streaming.sortedComments = table.comments.count
        shiftReferences(past: end, by: shift, dropping: first..<end)
    }

    /// Moves the builder's references to rows at or after `boundary` back by `shift`; a reference
    /// to a dropped row, which the placement of comments never leaves behind, refers to nothing.
    private mutating func shiftReferences(past boundary: Int, by shift: Int, dropping dropped: Range<Int>) {
        func moved(_ node: Int) -> Int? {
            if node >= boundary { return node - shift }
            return dropped.contains(node) ? nil : node
        }
        for position in stack.indices {
            stack[position].index = moved(stack[position].index) ?? stack[position].index
        }
        switch lastToken {
        case .node(let node): lastToken = moved(node).map { .node($0) } ?? .nothing
        case .openingBracket(let node): lastToken = moved(node).map { .openingBracket($0) } ?? .nothing
        case .nothing: break
        }
        comments.closedBlocks = comments.closedBlocks.compactMap { block in
            moved(block.index).map { CommentAttribution.ClosedBlock(index: $0, column: block.column) }
        }
        for position in gap.queued.indices {
            switch gap.queued[position].precededBy {
            case .node(let node): gap.queued[position].precededBy = moved(node).map { .node($0) } ?? .other
            case .openingBracket(let node):
                gap.queued[position].precededBy = moved(node).map { .openingBracket($0) } ?? .other
            default: break
            }
        }
    }
}
