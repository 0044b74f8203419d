import Threads
import YAML

/// The three versions of a merge with the items of each side matched to the base's, and their
/// nodes lent for the length of the merge.
struct MergeVersions {
    /// The three versions.
    enum Side: Int, Sendable {
        case base, ours, theirs
    }

    let base: ListVersion
    let ours: ListVersion
    let theirs: ListVersion
    /// Base items to ours' and back.
    let baseOurs: ItemMatching
    /// Base items to theirs' and back.
    let baseTheirs: ItemMatching
    let baseNodes: RawNodes
    let oursNodes: RawNodes
    let theirsNodes: RawNodes

    /// Calls `body` with the versions, their items matched and their nodes lent.
    static func with<Result>(
        base: ListVersion, ours: ListVersion, theirs: ListVersion, _ body: (MergeVersions) -> Result
    ) -> Result {
        // Each side is matched to the base on its own: at once, on a large list.
        let concurrently = base.items.count >= SharedItemWork.minimumItems
        let matchings = SharedWork.map(2, concurrently: concurrently) { side in
            ItemMatching(old: base, new: side == 0 ? ours : theirs)
        }
        let (baseOurs, baseTheirs) = (matchings[0], matchings[1])
        return base.document.withRawNodes { baseNodes in
            ours.document.withRawNodes { oursNodes in
                theirs.document.withRawNodes { theirsNodes in
                    body(
                        MergeVersions(
                            base: base, ours: ours, theirs: theirs, baseOurs: baseOurs, baseTheirs: baseTheirs,
                            baseNodes: baseNodes, oursNodes: oursNodes, theirsNodes: theirsNodes))
                }
            }
        }
    }

    func version(_ side: Side) -> ListVersion {
        switch side {
        case .base: base
        case .ours: ours
        case .theirs: theirs
        }
    }

    func nodes(_ side: Side) -> RawNodes {
        switch side {
        case .base: baseNodes
        case .ours: oursNodes
        case .theirs: theirsNodes
        }
    }

    // MARK: Entries

    /// An entry of one side.
    struct SideEntry {
        var side: Side
        var entry: ListVersion.Entry
    }

    /// Whether two entries (either may be absent) hold values that mean the same, with the same
    /// comments inside a collection value.
    func sameValue(_ left: SideEntry?, _ right: SideEntry?, _ meaning: ValueMeaning) -> Bool {
        guard let left, let right else {
            // A key on one side only means the same when it holds what its absence means.
            guard let present = left ?? right else { return true }
            return EntryComparison.meansAbsent(meaning, present.entry.valueNode, nodes(present.side))
        }
        let leftNodes = nodes(left.side)
        let rightNodes = nodes(right.side)
        return EntryComparison.sameValue(
            meaning, left.entry.valueNode, leftNodes, right.entry.valueNode, rightNodes)
            && CommentComparison.sameNested(
                left.entry.valueNode, in: version(left.side).document, leftNodes, right.entry.valueNode,
                in: version(right.side).document, rightNodes)
    }

    /// The comments of an entry's own (its key's and its value node's, apart); none for an absent
    /// one.
    func commentTexts(_ entry: SideEntry?) -> [String] {
        guard let entry else { return ["|"] }
        let nodes = nodes(entry.side)
        guard nodes.hasComments(entry.entry.keyNode) || nodes.hasComments(entry.entry.valueNode) else { return ["|"] }
        let document = version(entry.side).document
        return CommentComparison.texts(of: entry.entry.keyNode, in: document) + ["|"]
            + CommentComparison.texts(of: entry.entry.valueNode, in: document)
    }

    /// Whether two entries have the same own comments (an absent entry has none).
    func sameComments(_ left: SideEntry?, _ right: SideEntry?) -> Bool {
        commentTexts(left) == commentTexts(right)
    }

    /// Whether two entries are the same: both absent, or values and comments the same.
    /// An entry and an absent one are the same when the entry holds what the absence means
    /// (`buy: false`, `quantity: 1`) and has no comments.
    func sameState(_ left: SideEntry?, _ right: SideEntry?, _ meaning: ValueMeaning) -> Bool {
        sameValue(left, right, meaning) && sameComments(left, right)
    }

    /// Whether two entries are written alike: both absent, or both there, the same (see
    /// ``sameState(_:_:_:)``). An entry that holds a default is not written like an absent one.
    func sameEntry(_ left: SideEntry?, _ right: SideEntry?, _ meaning: ValueMeaning) -> Bool {
        guard left != nil, right != nil else { return left == nil && right == nil }
        return sameState(left, right, meaning)
    }

    // MARK: Items

    /// The entries of an item of one side, by key (the first of a repeated key), in order.
    func entries(ofItem index: Int, _ side: Side) -> [SideEntry] {
        ListVersion.entries(of: version(side).items[index].node, nodes: nodes(side)).map { SideEntry(side: side, entry: $0) }
    }

    /// The own comments of an item of one side (above it, on its `-` line, after its last key).
    func itemCommentTexts(_ index: Int?, _ side: Side) -> [String] {
        guard let index else { return [] }
        let node = version(side).items[index].node
        guard nodes(side).hasComments(node) else { return [] }
        return CommentComparison.texts(of: node, in: version(side).document)
    }

    /// Whether two items (of any sides) are the same: the same keys with values that mean the
    /// same, and the same comments everywhere in them, the keys the canonical form does not order
    /// in the same order; with `writtenAlike` false, a key one has and the other not counts as the
    /// same when it holds what its absence means (`buy: false`), and order does not count.
    func sameItem(_ left: Int, _ leftSide: Side, _ right: Int, _ rightSide: Side, writtenAlike: Bool = true) -> Bool {
        let leftNode = version(leftSide).items[left].node
        let rightNode = version(rightSide).items[right].node
        guard itemCommentTexts(left, leftSide) == itemCommentTexts(right, rightSide) else { return false }
        let leftNodes = nodes(leftSide)
        let rightNodes = nodes(rightSide)
        if YAMLData.equal(leftNode, leftNodes, rightNode, rightNodes) {
            return CommentComparison.nestedTexts(of: leftNode, in: version(leftSide).document, nodes: leftNodes)
                == CommentComparison.nestedTexts(of: rightNode, in: version(rightSide).document, nodes: rightNodes)
        }
        let leftEntries = entries(ofItem: left, leftSide)
        let rightEntries = entries(ofItem: right, rightSide)
        if writtenAlike {
            guard leftEntries.count == rightEntries.count else { return false }
            // The canonical form keeps the order of the keys it does not know (`x-` keys and
            // others): a reorder of them is a change to take.
            func otherKeys(_ entries: [SideEntry]) -> [String?] {
                entries.map(\.entry.key).filter { key in key.flatMap(ItemKey.init(rawValue:)) == nil }
            }
            guard otherKeys(leftEntries) == otherKeys(rightEntries) else { return false }
        }
        let same = writtenAlike ? sameEntry : sameState
        // Every key of either, compared with the other's (absent, when it has none).
        let leftSame = leftEntries.allSatisfy { entry in
            same(entry, rightEntries.first { $0.entry.key == entry.entry.key }, .ofItemKey(entry.entry.key))
        }
        return leftSame
            && rightEntries.allSatisfy { entry in
                leftEntries.contains { $0.entry.key == entry.entry.key } || same(nil, entry, .ofItemKey(entry.entry.key))
            }
    }
}

extension MergeVersions.SideEntry: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.side == rhs.side && lhs.entry.keyNode == rhs.entry.keyNode
    }
}
