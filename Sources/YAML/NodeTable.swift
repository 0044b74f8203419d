/// The compact storage behind a document: one entry per node in four parallel arrays, in document
/// order (a collection comes before its children, and its children follow one another).
///
/// A node costs 13 bytes. Scalars whose value is the same as their source text (most of them) are kept
/// as ranges into the source; the others have their value in `arena`, behind a 4-byte length.
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
    /// Comments, for nodes whose `hasTrivia` bit is set.
    var trivia: [UInt32: Trivia] = [:]

    static let synthetic = UInt32.max

    static let kindMask: UInt8 = 0b11
    static let styleShift: UInt8 = 2
    static let styleMask: UInt8 = 0b111 << 2
    static let blankLineBit: UInt8 = 1 << 5
    static let triviaBit: UInt8 = 1 << 6
    static let arenaBit: UInt8 = 1 << 7

    static let scalarKind: UInt8 = 0
    static let sequenceKind: UInt8 = 1
    static let mappingKind: UInt8 = 2

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
        if style == ScalarStyle.singleQuoted.code || style == ScalarStyle.doubleQuoted.code {
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

    /// Edits the trivia of a node, creating it when needed.
    mutating func modifyTrivia(_ index: UInt32, _ body: (inout Trivia) -> Void) {
        var current = trivia[index] ?? Trivia()
        body(&current)
        if current.isEmpty {
            trivia[index] = nil
            setFlag(NodeTable.triviaBit, on: Int(index), false)
        } else {
            trivia[index] = current
            setFlag(NodeTable.triviaBit, on: Int(index))
        }
    }
}
