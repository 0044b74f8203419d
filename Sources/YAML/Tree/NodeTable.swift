/// The compact storage behind a document: one entry per node in four parallel arrays, in document
/// order (a collection comes before its children, and its children follow one another).
///
/// A node costs 11 bytes. Scalars whose value is the same as their source text (most of them) are kept
/// as ranges into the source; the others have their value in `arena`, behind a 4-byte length. A node's
/// length in the source takes two bytes: the few nodes 64 KiB long or longer (the root, the list of
/// items, a long text) have their end in `longEnds` instead, which saves 2 MB on 100,000 items.
@usableFromInline
struct NodeTable: Sendable {
    /// Bits 0-1 kind, 2-4 style, 5 blank line before, 6 has trivia, 7 value in arena.
    var flags: [UInt8] = []
    /// Byte offset where the node starts, or `NodeTable.synthetic` for a node not read from a file.
    var starts: [UInt32] = []
    /// How many bytes of the source the node spans; ``longLength`` when its end is in `longEnds`;
    /// 0 for a node not read from a file.
    var lengths: [UInt16] = []
    /// For a collection, the index just past its last descendant; for a scalar kept in the arena, the
    /// offset of its length prefix there.
    var aux: [UInt32] = []
    /// The ends of the nodes whose length is ``longLength``, in node order.
    var longEnds: [LongEnd] = []
    /// Values of scalars that differ from their source text.
    var arena: [UInt8] = []
    /// Comments, sorted by node and then by place (leading, header, trailing, end); only nodes whose
    /// `hasTrivia` bit is set have any.
    var comments: [CommentRecord] = []

    @inlinable static var synthetic: UInt32 { UInt32.max }
    /// The length that says a node's end is in `longEnds`.
    @inlinable static var longLength: UInt16 { UInt16.max }

    @inlinable static var kindMask: UInt8 { 0b11 }
    @inlinable static var styleShift: UInt8 { 2 }
    @inlinable static var styleMask: UInt8 { 0b111 << 2 }
    @inlinable static var blankLineBit: UInt8 { 1 << 5 }
    @inlinable static var triviaBit: UInt8 { 1 << 6 }
    @inlinable static var arenaBit: UInt8 { 1 << 7 }

    /// A collection's style code for flow style (`[a]`, `{a: 1}`); block is 0.
    @inlinable static var flowStyle: UInt8 { 1 }
    /// Scalar style codes of quoted scalars, whose value sits inside the quotes.
    @inlinable static var singleQuotedStyle: UInt8 { 1 }
    @inlinable static var doubleQuotedStyle: UInt8 { 2 }

    @inlinable static var scalarKind: UInt8 { 0 }
    @inlinable static var sequenceKind: UInt8 { 1 }
    @inlinable static var mappingKind: UInt8 { 2 }

    var count: Int { flags.count }

    mutating func reserve(_ capacity: Int) {
        flags.reserveCapacity(capacity)
        starts.reserveCapacity(capacity)
        lengths.reserveCapacity(capacity)
        aux.reserveCapacity(capacity)
    }

    /// Appends a node and returns its index. `end` is not read for a node whose `start` is
    /// `NodeTable.synthetic`.
    @discardableResult
    mutating func append(flags: UInt8, start: UInt32, end: UInt32, aux: UInt32) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: self.flags.count)
        self.flags.append(flags)
        starts.append(start)
        self.aux.append(aux)
        let length = start == NodeTable.synthetic ? 0 : Int(end) - Int(start)
        if length < Int(NodeTable.longLength) {
            lengths.append(UInt16(truncatingIfNeeded: max(length, 0)))
        } else {
            lengths.append(NodeTable.longLength)
            // The new node has the highest index: its entry goes last, and the table stays in node order.
            longEnds.append(LongEnd(node: index, end: end))
        }
        return index
    }

    /// Byte offset just past a node read from a file.
    @inline(__always) func end(_ index: Int) -> Int {
        let length = lengths[index]
        if length != NodeTable.longLength { return Int(starts[index]) + Int(length) }
        return longEnds.withUnsafeBufferPointer { LongEnd.end(of: index, in: $0) }
    }

    /// Sets where a node read from a file ends.
    mutating func setEnd(_ end: Int, of index: Int) {
        let length = end - Int(starts[index])
        let wasLong = lengths[index] == NodeTable.longLength
        if length < Int(NodeTable.longLength) {
            lengths[index] = UInt16(truncatingIfNeeded: max(length, 0))
            if wasLong { longEnds.remove(at: LongEnd.position(of: index, in: longEnds)) }
            return
        }
        lengths[index] = NodeTable.longLength
        let entry = LongEnd(node: UInt32(truncatingIfNeeded: index), end: UInt32(truncatingIfNeeded: end))
        let position = LongEnd.position(of: index, in: longEnds)
        if wasLong {
            longEnds[position] = entry
        } else {
            longEnds.insert(entry, at: position)
        }
    }

    /// Stores a scalar value in the arena and returns the offset of its length prefix.
    mutating func storeInArena<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        let offset = UInt32(truncatingIfNeeded: arena.count)
        let length = UInt32(truncatingIfNeeded: bytes.count)
        arena.append(UInt8(truncatingIfNeeded: length))
        arena.append(UInt8(truncatingIfNeeded: length >> 8))
        arena.append(UInt8(truncatingIfNeeded: length >> 16))
        arena.append(UInt8(truncatingIfNeeded: length >> 24))
        arena.append(contentsOf: bytes)
        return offset
    }

    @inline(__always) func kind(_ index: Int) -> UInt8 { flags[index] & NodeTable.kindMask }
    @inline(__always) func style(_ index: Int) -> UInt8 { (flags[index] & NodeTable.styleMask) >> NodeTable.styleShift }
    @inline(__always) func isScalar(_ index: Int) -> Bool { kind(index) == NodeTable.scalarKind }
    @inline(__always) func hasTrivia(_ index: Int) -> Bool { flags[index] & NodeTable.triviaBit != 0 }
    @inline(__always) func hasBlankLine(_ index: Int) -> Bool { flags[index] & NodeTable.blankLineBit != 0 }
    /// Index just past the subtree that starts at `index`.
    @inline(__always) func subtreeEnd(_ index: Int) -> Int {
        isScalar(index) ? index + 1 : Int(aux[index])
    }

    /// The byte range of a scalar's value: in the arena when `inArena`, else in the source.
    func scalarValueRange(_ index: Int) -> (inArena: Bool, range: Range<Int>) {
        let nodeFlags = flags[index]
        if nodeFlags & NodeTable.arenaBit != 0 {
            let offset = Int(aux[index])
            let length = Int(arena[offset]) | Int(arena[offset + 1]) << 8 | Int(arena[offset + 2]) << 16
                | Int(arena[offset + 3]) << 24
            return (true, (offset + 4)..<(offset + 4 + length))
        }
        let start = Int(starts[index])
        let end = end(index)
        let style = (nodeFlags & NodeTable.styleMask) >> NodeTable.styleShift
        if style == NodeTable.singleQuotedStyle || style == NodeTable.doubleQuotedStyle {
            return (false, (start + 1)..<(end - 1))
        }
        return (false, start..<end)
    }

    /// Indices of the direct children of a collection, in order.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = subtreeEnd(index)
        while child < end {
            result.append(child)
            child = subtreeEnd(child)
        }
        return result
    }

    /// Sets or clears bits in a node's flags.
    mutating func setFlag(_ bit: UInt8, on index: Int, _ value: Bool = true) {
        if value { flags[index] |= bit } else { flags[index] &= ~bit }
    }

    /// The positions in `comments` of a node's comments.
    func commentRange(of node: Int) -> Range<Int> {
        let target = UInt32(truncatingIfNeeded: node)
        let low = comments.partitionIndex { $0.node >= target }
        var end = low
        while end < comments.count && comments[end].node == target { end += 1 }
        return low..<end
    }

    /// Puts the comment records in lookup order; see ``normalizeCommentPlaces()``.
    mutating func sortComments() {
        var sequence = 0
        let keyed = comments.map { record -> (CommentRecord, Int) in
            sequence += 1
            return (record, sequence)
        }
        comments = keyed.sorted {
            ($0.0.node, $0.0.place.rawValue, $0.1) < ($1.0.node, $1.0.place.rawValue, $1.1)
        }.map(\.0)
        normalizeCommentPlaces()
    }

    /// Makes sure each node of sorted comment records has at most one header and one trailing
    /// comment: a second one, which only odd flow layouts and moved comments produce, becomes leading.
    mutating func normalizeCommentPlaces() {
        var index = 0
        while index < comments.count {
            var end = index
            while end < comments.count && comments[end].node == comments[index].node { end += 1 }
            var sawHeader = false
            var sawTrailing = false
            var moved = false
            for position in index..<end {
                switch comments[position].place {
                case .header:
                    if sawHeader { comments[position].place = .leading; moved = true }
                    sawHeader = true
                case .trailing:
                    if sawTrailing { comments[position].place = .leading; moved = true }
                    sawTrailing = true
                default:
                    break
                }
            }
            if moved {
                let run = comments[index..<end].enumerated().sorted {
                    ($0.element.place.rawValue, $0.offset) < ($1.element.place.rawValue, $1.offset)
                }.map(\.element)
                comments.replaceSubrange(index..<end, with: run)
            }
            index = end
        }
    }
}

/// One comment in a node table: which node it belongs to, in which place, and where its text is.
struct CommentRecord: Sendable {
    /// The place of a comment relative to its node, in printing order.
    enum Place: UInt8, Sendable {
        case leading = 0
        case header = 1
        case trailing = 2
        case end = 3
    }

    var node: UInt32
    /// Offset of the text in the source, or in the arena when `inArena`.
    var start: UInt32
    var length: UInt32
    var place: Place
    var blankLineBefore: Bool
    var inArena: Bool
}

/// The end of a node 64 KiB long or longer (see ``NodeTable/lengths``).
@usableFromInline
struct LongEnd: Sendable {
    @usableFromInline var node: UInt32
    @usableFromInline var end: UInt32

    @usableFromInline
    init(node: UInt32, end: UInt32) {
        self.node = node
        self.end = end
    }

    /// The position in `ends` (sorted by node) of `node`'s entry, or where it would go.
    @inlinable
    static func position<C: RandomAccessCollection>(of node: Int, in ends: C) -> Int where C.Element == LongEnd, C.Index == Int {
        let target = UInt32(truncatingIfNeeded: node)
        var low = ends.startIndex
        var high = ends.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if ends[middle].node < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The end recorded for `node`, which has one.
    @inlinable
    static func end(of node: Int, in ends: UnsafeBufferPointer<LongEnd>) -> Int {
        let position = position(of: node, in: ends)
        precondition(position < ends.count && ends[position].node == UInt32(truncatingIfNeeded: node), "a long node without its end")
        return Int(ends[position].end)
    }
}
