/// Carries out ``CommentAttribution``'s decisions on the node table being built, and keeps what the
/// next decisions depend on: the block collections that have just closed.
struct CommentRecorder {
    /// The source being read.
    let source: SourceBytes
    /// Block collections that ended since comments were last placed, innermost first.
    var closedBlocks: [CommentAttribution.ClosedBlock] = []
    /// Comments after the last node, which belong to none.
    private(set) var endComments: [Comment] = []
    /// Whether a comment was recorded for the node about to be appended, which the table does not
    /// hold yet.
    private var nextHasTrivia = false

    /// A recorder for comments in `source`.
    init(source: SourceBytes) {
        self.source = source
    }

    /// Places the comments and blank lines `gap` has queued by `rules`, recording them in `table`;
    /// those left for a later node stay queued. Returns the flags the node about to be appended
    /// gets.
    mutating func place(by rules: CommentAttribution, from gap: inout GapScanner, into table: inout NodeTable) -> UInt8 {
        let blankLine = rules.blankLine(gap.blankLines, queued: gap.queued)
        gap.blankLines = blankLine.left
        var flags = blankLine.nodeFollowsBlankLine ? NodeTable.blankLineBit : 0
        defer {
            closedBlocks.removeAll(keepingCapacity: true)
            gap.indicatorSincePlacement = false
        }
        if gap.queued.isEmpty { return flags }
        nextHasTrivia = false
        var later: [QueuedComment] = []
        for comment in gap.queued {
            let decision = rules.place(comment, closedBlocks: closedBlocks)
            switch decision.closedBlocks {
            case .unchanged: break
            case .keepFrom(let position): closedBlocks.removeFirst(position)
            case .cleared: closedBlocks.removeAll(keepingCapacity: true)
            }
            let range = comment.start..<comment.end
            let blank = decision.blankLineBefore
            switch decision.place {
            case .trailing(let node): record(range, .trailing, blankLineBefore: blank, on: node, in: &table)
            case .header(let node): record(range, .header, blankLineBefore: blank, on: node, in: &table)
            case .end(let node): record(range, .end, blankLineBefore: blank, on: node, in: &table)
            case .headerOfNext, .leadingOfNext:
                // The rules give these places only when a node is about to be appended.
                guard let next = rules.next else { break }
                let place: CommentRecord.Place = decision.place == .headerOfNext ? .header : .leading
                record(range, place, blankLineBefore: blank, on: next, in: &table)
            case .endOfDocument:
                let text = String(decoding: source.buffer[range], as: UTF8.self)
                endComments.append(Comment(text: text, hasBlankLineBefore: blank, offset: comment.start))
            case .later:
                later.append(comment)
            }
        }
        gap.queued = later
        if nextHasTrivia { flags |= NodeTable.triviaBit }
        return flags
    }

    /// Records the comment at `range` of the source for a node, which may be the one about to be
    /// appended to `table`.
    mutating func record(
        _ range: Range<Int>, _ place: CommentRecord.Place, blankLineBefore: Bool, on node: Int,
        in table: inout NodeTable
    ) {
        table.comments.append(
            CommentRecord(
                node: UInt32(node), start: UInt32(range.lowerBound), length: UInt32(range.count),
                place: place, blankLineBefore: blankLineBefore, inArena: false))
        if node < table.count {
            table.setFlag(NodeTable.triviaBit, on: node)
        } else {
            nextHasTrivia = true
        }
    }
}
