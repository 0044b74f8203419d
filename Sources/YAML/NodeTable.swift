/// The compact storage behind a document: one entry per node in four parallel arrays, in document
/// order (a collection comes before its children, and its children follow one another).
///
/// A node costs 13 bytes. Scalars whose value is the same as their source text (most of them) are kept
/// as ranges into the source; the others have their value in `arena`, behind a 4-byte length.
@usableFromInline
struct NodeTable: Sendable {
    /// Bits 0-1 kind, 2-4 style, 5 blank line before, 6 has trivia, 7 value in arena.
    var flags: [UInt8] = []
    /// Byte offset where the node starts, or `NodeTable.synthetic` for a node not read from a file.
    var starts: [UInt32] = []
    /// Byte offset just past the node.
    var ends: [UInt32] = []
    /// For a collection, the index just past its last descendant; for a scalar kept in the arena, the
    /// offset of its length prefix there.
    var aux: [UInt32] = []
    /// Values of scalars that differ from their source text.
    var arena: [UInt8] = []
    /// Comments, sorted by node and then by place (leading, header, trailing, end); only nodes whose
    /// `hasTrivia` bit is set have any.
    var comments: [CommentRecord] = []

    @inlinable static var synthetic: UInt32 { UInt32.max }

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
        ends.reserveCapacity(capacity)
        aux.reserveCapacity(capacity)
    }

    /// Appends a node and returns its index.
    @discardableResult
    mutating func append(flags: UInt8, start: UInt32, end: UInt32, aux: UInt32) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: self.flags.count)
        self.flags.append(flags)
        starts.append(start)
        ends.append(end)
        self.aux.append(aux)
        return index
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
        let end = Int(ends[index])
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
