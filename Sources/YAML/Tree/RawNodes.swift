/// Read-only, allocation-free access to a document's nodes for code that walks large documents:
/// indexes instead of ``Node`` views, and values as bytes borrowed from the document. It reads the
/// node table's layout through the table's own constants, so the two cannot drift apart.
///
/// Only valid inside ``Document/withRawNodes(_:)``. Indexes are ``NodeID/index`` values.
public struct RawNodes {
    @usableFromInline let flags: UnsafeBufferPointer<UInt8>
    @usableFromInline let starts: UnsafeBufferPointer<UInt32>
    @usableFromInline let lengths: UnsafeBufferPointer<UInt16>
    @usableFromInline let longEnds: UnsafeBufferPointer<LongEnd>
    @usableFromInline let aux: UnsafeBufferPointer<UInt32>
    @usableFromInline let source: UnsafeBufferPointer<UInt8>
    @usableFromInline let arena: UnsafeBufferPointer<UInt8>

    @usableFromInline
    init(
        flags: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>, lengths: UnsafeBufferPointer<UInt16>,
        longEnds: UnsafeBufferPointer<LongEnd>, aux: UnsafeBufferPointer<UInt32>, source: UnsafeBufferPointer<UInt8>,
        arena: UnsafeBufferPointer<UInt8>
    ) {
        self.flags = flags
        self.starts = starts
        self.lengths = lengths
        self.longEnds = longEnds
        self.aux = aux
        self.source = source
        self.arena = arena
    }

    /// The number of nodes.
    @inlinable public var count: Int { flags.count }

    /// Whether the node is a scalar.
    @inlinable public func isScalar(_ index: Int) -> Bool { flags[index] & NodeTable.kindMask == NodeTable.scalarKind }
    /// Whether the node is a sequence.
    @inlinable public func isSequence(_ index: Int) -> Bool { flags[index] & NodeTable.kindMask == NodeTable.sequenceKind }
    /// Whether the node is a mapping.
    @inlinable public func isMapping(_ index: Int) -> Bool { flags[index] & NodeTable.kindMask == NodeTable.mappingKind }
    /// Whether the node is a plain (unquoted, non-block) scalar.
    @inlinable public func isPlain(_ index: Int) -> Bool {
        flags[index] & (NodeTable.kindMask | NodeTable.styleMask) == NodeTable.scalarKind
    }

    /// Whether the node is a collection written in flow style (`[a, b]`, `{a: 1}`).
    @inlinable public func isFlow(_ index: Int) -> Bool {
        !isScalar(index) && (flags[index] & NodeTable.styleMask) >> NodeTable.styleShift == NodeTable.flowStyle
    }

    /// Whether the node has comments of its own (see ``Node/trivia``).
    @inlinable public func hasComments(_ index: Int) -> Bool { flags[index] & NodeTable.triviaBit != 0 }

    /// Whether a blank line comes before the node (see ``Node/hasBlankLineBefore``).
    @inlinable public func hasBlankLine(_ index: Int) -> Bool { flags[index] & NodeTable.blankLineBit != 0 }

    /// The style of a scalar.
    @inlinable public func scalarStyle(_ index: Int) -> ScalarStyle {
        ScalarStyle(code: (flags[index] & NodeTable.styleMask) >> NodeTable.styleShift)
    }

    /// The value of a scalar that is not null; nil for a collection or a null. The value is
    /// found once, where a test for null and a read of the value would find it twice.
    @inlinable @inline(__always) public func nonNullValue(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard flags[index] & NodeTable.kindMask == NodeTable.scalarKind else { return nil }
        let bytes = value(index)
        return isPlain(index) && ScalarText.isNull(bytes) ? nil : bytes
    }

    /// Whether the node is a plain scalar that reads as null: empty, `~`, or `null` in any case.
    @inlinable @inline(__always) public func isNull(_ index: Int) -> Bool {
        isPlain(index) && ScalarText.isNull(value(index))
    }

    /// The index just past the node's subtree: the next sibling, if there is one.
    @inlinable public func subtreeEnd(_ index: Int) -> Int {
        isScalar(index) ? index + 1 : Int(aux[index])
    }

    /// The byte offset where the node starts in the source; nil for a node added by an edit.
    @inlinable public func startOffset(_ index: Int) -> Int? {
        let start = starts[index]
        return start == NodeTable.synthetic ? nil : Int(start)
    }

    /// The byte offset just past the node in the source; nil for a node added by an edit.
    @inlinable public func endOffset(_ index: Int) -> Int? {
        starts[index] == NodeTable.synthetic ? nil : end(index)
    }

    /// The byte offset just past a node read from a file, as ``NodeTable/end(_:)`` finds it.
    @inlinable @inline(__always) func end(_ index: Int) -> Int {
        let length = lengths[index]
        if length != NodeTable.longLength { return Int(starts[index]) + Int(length) }
        return LongEnd.end(of: index, in: longEnds)
    }

    /// A scalar's value as UTF-8 bytes (empty for collections).
    @inlinable @inline(__always) public func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let nodeFlags = flags[index]
        guard nodeFlags & NodeTable.kindMask == NodeTable.scalarKind else { return UnsafeBufferPointer(start: nil, count: 0) }
        if nodeFlags & NodeTable.arenaBit != 0 {
            let offset = Int(aux[index])
            let length = Int(arena[offset]) | Int(arena[offset + 1]) << 8 | Int(arena[offset + 2]) << 16
                | Int(arena[offset + 3]) << 24
            return UnsafeBufferPointer(rebasing: arena[(offset + 4)..<(offset + 4 + length)])
        }
        let start = Int(starts[index])
        let end = end(index)
        let style = (nodeFlags & NodeTable.styleMask) >> NodeTable.styleShift
        if style == NodeTable.singleQuotedStyle || style == NodeTable.doubleQuotedStyle {
            return UnsafeBufferPointer(rebasing: source[(start + 1)..<(end - 1)])
        }
        return UnsafeBufferPointer(rebasing: source[start..<end])
    }

    /// Whether the scalar's value is exactly the ASCII text `text`.
    @inlinable public func valueEquals(_ index: Int, _ text: StaticString) -> Bool {
        let bytes = value(index)
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for position in 0..<bytes.count where bytes[position] != expected[position] {
            return false
        }
        return true
    }
}

extension RawNodes {
    /// The key and value indexes of a mapping's entries, in source order (repeated keys included).
    @inlinable public func entries(of mapping: Int) -> MappingEntries {
        MappingEntries(nodes: self, position: mapping + 1, end: subtreeEnd(mapping))
    }

    /// The indexes of a sequence's items, in source order.
    @inlinable public func items(of sequence: Int) -> SequenceItems {
        SequenceItems(nodes: self, position: sequence + 1, end: subtreeEnd(sequence))
    }
}

/// The entries of a mapping as `(key, value)` index pairs; see ``RawNodes/entries(of:)``.
public struct MappingEntries: Sequence, IteratorProtocol {
    @usableFromInline let nodes: RawNodes
    @usableFromInline var position: Int
    @usableFromInline let end: Int

    @inlinable init(nodes: RawNodes, position: Int, end: Int) {
        self.nodes = nodes
        self.position = position
        self.end = end
    }

    /// The next entry's key and value indexes, or nil after the last.
    @inlinable public mutating func next() -> (key: Int, value: Int)? {
        guard position < end else { return nil }
        let key = position
        let value = nodes.subtreeEnd(key)
        guard value < end else { return nil }
        position = nodes.subtreeEnd(value)
        return (key, value)
    }
}

/// The items of a sequence as indexes; see ``RawNodes/items(of:)``.
public struct SequenceItems: Sequence, IteratorProtocol {
    @usableFromInline let nodes: RawNodes
    @usableFromInline var position: Int
    @usableFromInline let end: Int

    @inlinable init(nodes: RawNodes, position: Int, end: Int) {
        self.nodes = nodes
        self.position = position
        self.end = end
    }

    /// The next item's index, or nil after the last.
    @inlinable public mutating func next() -> Int? {
        guard position < end else { return nil }
        let item = position
        position = nodes.subtreeEnd(item)
        return item
    }
}

extension Document {
    /// Calls `body` with allocation-free access to the nodes.
    public func withRawNodes<Result>(_ body: (RawNodes) throws -> Result) rethrows -> Result {
        try storage.source.bytes.withUnsafeBufferPointer { source in
            try storage.table.withRawNodes(source: source, body)
        }
    }
}

/// Tests on the text of scalars, one place for each: every reader of nodes calls these.
public enum ScalarText {
    /// Whether the value of a plain scalar reads as null: empty, `~`, or `null` in any case.
    @inlinable @inline(__always) public static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4:
            return bytes[0] | 0x20 == UInt8(ascii: "n") && bytes[1] | 0x20 == UInt8(ascii: "u")
                && bytes[2] | 0x20 == UInt8(ascii: "l") && bytes[3] | 0x20 == UInt8(ascii: "l")
        default: return false
        }
    }
}
