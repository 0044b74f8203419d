/// Decides which node a comment belongs to, and in which place, from what the tree builder knows
/// when it gives the comments met since the last node their places.
///
/// libyaml's scanner drops comments, so the builder finds them in the source between events and
/// must guess where a person meant them to go. The guess is kept here, apart from reading, as a
/// pure step: the builder describes the situation, asks, and applies the answer. The rules:
///
/// - An end-of-line comment goes with what precedes it on its line: the node that ends there (its
///   trailing comment), the bracket that opens there (its collection's header), or the indicator
///   that introduces the next node (that node's header).
/// - A comment on a line of its own first looks for a block collection that has just ended and
///   whose entries it is indented at least as deep as: it is then that collection's end comment.
///   Otherwise it leads the next node, or, when no node follows, ends the document.
/// - A block collection has no line of its own: the own-line comments before its first entry are
///   left for that entry (see ``deferLeading`` and ``deferAfter``).
/// - Only an own-line comment carries a blank line before it: a blank line before the line of an
///   end-of-line comment belongs to the node on that line.
struct CommentAttribution: Equatable {
    /// What the builder is about to do once the comments are placed.
    enum Arrival: Equatable {
        /// Append the scalar with this index.
        case scalar(Int)
        /// Append the collection with this index; `bracketed` for `[...]` and `{...}`.
        case collection(Int, bracketed: Bool)
        /// Close the bracketed collection with this index at its closing bracket.
        case closingBracket(Int)
        /// End the stream: no node follows.
        case endOfStream
    }

    /// The innermost open collection, as far as its comments care.
    struct Enclosing: Equatable {
        /// A mapping, rather than a sequence.
        var isMapping: Bool
        /// Written in brackets.
        var bracketed: Bool
        /// For a mapping, whether its next child is a value (it has an odd number of children).
        var nextIsValue: Bool
    }

    /// A block collection that has ended since comments were last placed.
    struct ClosedBlock: Equatable {
        /// The collection's node index.
        var index: Int
        /// The column its entries start at: a comment indented at least this deep is inside it.
        /// libyaml counts it in code points and the comments are measured in bytes, which agree
        /// because only spaces and indicators come before a block collection on its line.
        var column: Int
    }

    /// Where a comment goes.
    enum Place: Equatable {
        /// The trailing comment of this node.
        case trailing(Int)
        /// The header comment of this node.
        case header(Int)
        /// The header comment of the node about to be appended.
        case headerOfNext
        /// A leading comment of the node about to be appended.
        case leadingOfNext
        /// An end comment of this collection.
        case end(Int)
        /// A comment after the last node, belonging to none.
        case endOfDocument
        /// Nowhere yet: the comment stays queued for the first entry of the collection about to
        /// start.
        case later
    }

    /// What becomes of the list of ``ClosedBlock``s once a comment is placed.
    enum ClosedBlocksAfter: Equatable {
        /// It stays as it is.
        case unchanged
        /// The blocks before this position in it are dropped: a later comment may not go into a
        /// collection inside the one this comment ended, because it would be printed before it.
        case keepFrom(Int)
        /// Every block is dropped: later comments go where this one goes, or further on.
        case cleared
    }

    /// The answer for one comment.
    struct Decision: Equatable {
        /// Where the comment goes.
        var place: Place
        /// Whether it is printed after a blank line.
        var blankLineBefore: Bool
        /// What the comment leaves of the closed blocks for the comments after it.
        var closedBlocks: ClosedBlocksAfter
    }

    /// The answer for the node about to be appended and the blank lines not yet given to anything.
    struct BlankLineDecision: Equatable {
        /// Whether the node about to be appended follows a blank line.
        var nodeFollowsBlankLine: Bool
        /// The blank lines left for later.
        var left: BlankLines
    }

    /// What happens next.
    let arrival: Arrival
    /// The node about to be appended, if one is.
    let next: Int?
    /// The own-line comments after the indicator that introduced the collection about to start,
    /// and the blank line before them, go to its first entry: a collection under a key has no line
    /// of its own, so they go with that entry when it is removed.
    let deferLeading: Bool
    /// For a block collection starting as a sequence item, the offset of the item's `-`: what
    /// precedes the `-` is the item's, the own-line comments after it (and a blank line after
    /// them) its first entry's.
    let deferAfter: Int?

    /// The rules for comments placed before `arrival`, inside `enclosing`, with the last indicator
    /// between nodes at `lastIndicatorOffset`.
    init(arrival: Arrival, enclosing: Enclosing?, lastIndicatorOffset: Int) {
        self.arrival = arrival
        switch arrival {
        case .scalar(let index):
            next = index
            deferLeading = false
            deferAfter = nil
        case .collection(let index, let bracketed):
            next = index
            let valuePosition = enclosing.map { $0.isMapping && $0.nextIsValue } ?? false
            let sequenceItem = enclosing.map { !$0.isMapping && !$0.bracketed } ?? false
            deferLeading = !bracketed && valuePosition
            deferAfter = !bracketed && sequenceItem ? lastIndicatorOffset : nil
        case .closingBracket, .endOfStream:
            next = nil
            deferLeading = false
            deferAfter = nil
        }
    }

    /// Where `comment` goes, given the block collections that closed since comments were last
    /// placed, innermost first.
    func place(_ comment: QueuedComment, closedBlocks: [ClosedBlock]) -> Decision {
        let blankLineBefore = comment.precededBy == .nothing && comment.blankLineSince
        switch comment.precededBy {
        case .node(let node):
            return Decision(place: .trailing(node), blankLineBefore: blankLineBefore, closedBlocks: .unchanged)
        case .openingBracket(let node):
            return Decision(place: .header(node), blankLineBefore: blankLineBefore, closedBlocks: .unchanged)
        case .indicator:
            if next != nil {
                return Decision(place: .headerOfNext, blankLineBefore: blankLineBefore, closedBlocks: .unchanged)
            }
            return ownLine(comment, blankLineBefore: blankLineBefore, closedBlocks: closedBlocks, toNext: true)
        case .nothing, .other:
            // Only what follows the `:` is the first entry's: a comment above the `:` of an
            // explicit key's value stays the value's.
            let deferring =
                (deferLeading && comment.afterIndicator) || (deferAfter.map { comment.start > $0 } ?? false)
            return ownLine(comment, blankLineBefore: blankLineBefore, closedBlocks: closedBlocks, toNext: !deferring)
        }
    }

    /// Places a comment that goes on a line of its own: at the end of a collection that is closing
    /// or has just closed, or, when `toNext`, before the next node or at the end of the document.
    private func ownLine(
        _ comment: QueuedComment, blankLineBefore: Bool, closedBlocks: [ClosedBlock], toNext: Bool
    ) -> Decision {
        if case .closingBracket(let node) = arrival {
            return Decision(place: .end(node), blankLineBefore: blankLineBefore, closedBlocks: .unchanged)
        }
        // An indicator after the blocks closed starts something new, which the comment is part of.
        if !comment.afterIndicator {
            for (position, candidate) in closedBlocks.enumerated() where comment.column >= candidate.column {
                return Decision(
                    place: .end(candidate.index), blankLineBefore: blankLineBefore,
                    closedBlocks: .keepFrom(position))
            }
        }
        let place: Place = !toNext ? .later : next != nil ? .leadingOfNext : .endOfDocument
        return Decision(place: place, blankLineBefore: blankLineBefore, closedBlocks: .cleared)
    }

    /// Whether the node about to be appended gets the blank lines seen, given the comments queued.
    /// A blank line before an indicator belongs to the node it introduces; a blank line after the
    /// comments that go to a collection's first entry is that entry's.
    func blankLine(_ blankLines: BlankLines, queued: [QueuedComment]) -> BlankLineDecision {
        if deferLeading {
            return BlankLineDecision(nodeFollowsBlankLine: false, left: blankLines)
        }
        let keepsBlankLine =
            deferAfter.map { offset in
                queued.contains { $0.start > offset && $0.precededBy.placesOnOwnLine }
            } ?? false
        let follows = next != nil && ((blankLines.pending && !keepsBlankLine) || blankLines.beforeIndicator)
        return BlankLineDecision(
            nodeFollowsBlankLine: follows,
            left: BlankLines(pending: blankLines.pending && keepsBlankLine, beforeIndicator: false))
    }
}
