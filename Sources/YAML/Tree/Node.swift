#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifies a node within one document. Identifiers follow document order: a collection's
/// identifier is smaller than those of its children.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The node's index in its document.
    public let index: Int

    /// Creates an identifier from an index obtained from the same document.
    public init(index: Int) {
        self.index = index
    }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.index < rhs.index }

    /// `#index`.
    public var description: String { "#\(index)" }
}

/// One node of a document: a scalar, a sequence or a mapping, with its source range and comments.
///
/// A node is a light view into its document; it stays valid as long as you hold it.
public struct Node: Sendable {
    /// The three kinds of YAML nodes.
    public enum Kind: Hashable, Sendable {
        /// A string, with the style it was written in.
        case scalar
        /// An ordered list of nodes.
        case sequence
        /// An ordered list of key/value pairs; keys may repeat.
        case mapping
    }

    let storage: DocumentStorage
    /// This node's identifier.
    public let id: NodeID

    init(storage: DocumentStorage, index: Int) {
        self.storage = storage
        self.id = NodeID(index: index)
    }

    var table: NodeTable { storage.table }
    var index: Int { id.index }

    /// Whether this node is a scalar, a sequence or a mapping.
    public var kind: Kind {
        switch table.kind(index) {
        case NodeTable.sequenceKind: .sequence
        case NodeTable.mappingKind: .mapping
        default: .scalar
        }
    }

    /// Whether this node is a scalar.
    public var isScalar: Bool { table.kind(index) == NodeTable.scalarKind }
    /// Whether this node is a sequence.
    public var isSequence: Bool { table.kind(index) == NodeTable.sequenceKind }
    /// Whether this node is a mapping.
    public var isMapping: Bool { table.kind(index) == NodeTable.mappingKind }

    /// The style of a scalar; nil for collections.
    public var scalarStyle: ScalarStyle? {
        isScalar ? ScalarStyle(code: table.style(index)) : nil
    }

    /// The byte offset where the node begins; nil for a node added by an edit.
    public var startOffset: Int? {
        let start = table.starts[index]
        return start == NodeTable.synthetic ? nil : Int(start)
    }

    /// Where the node was written; nil for a node added by an edit.
    public var range: SourceRange? {
        guard let start = startOffset else { return nil }
        let source = storage.source
        return SourceRange(start: source.location(at: start), end: source.location(at: table.end(index)))
    }

    /// Where the node begins; nil for a node added by an edit.
    public var location: SourceLocation? {
        startOffset.map(storage.source.location(at:))
    }

    /// Whether a blank line separated this node from what came before it.
    public var hasBlankLineBefore: Bool { table.hasBlankLine(index) }

    /// The comments attached to this node.
    public var trivia: Trivia {
        storage.trivia(of: index)
    }

    // MARK: Scalars

    /// Calls `body` with the UTF-8 bytes of a scalar's value (empty for collections).
    public func withValueBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard isScalar else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let (inArena, range) = table.scalarValueRange(index)
        if inArena {
            return try table.arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return try storage.source.bytes.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[range]))
        }
    }

    /// The value of a scalar, exactly as YAML reads it; nil for collections.
    public var value: String? {
        guard isScalar else { return nil }
        return withValueBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether this is a scalar whose value is exactly `text`.
    public func hasValue(_ text: String) -> Bool {
        guard isScalar else { return false }
        var text = text
        return text.withUTF8 { expected in
            withValueBytes { actual in
                memoryEqual(actual, expected)
            }
        }
    }

    /// Whether this is a plain scalar that YAML reads as null: empty, `~`, or `null` in any case.
    public var isNull: Bool {
        guard isScalar, table.style(index) == ScalarStyle.plain.code else { return false }
        return withValueBytes(ScalarText.isNull)
    }

    // MARK: Collections

    /// The direct children: a sequence's items, or a mapping's keys and values alternating.
    public var children: [Node] {
        guard !isScalar else { return [] }
        return table.children(of: index).map { Node(storage: storage, index: $0) }
    }

    /// The number of items of a sequence or entries of a mapping (0 for scalars).
    public var count: Int {
        guard !isScalar else { return 0 }
        var result = 0
        var child = index + 1
        let end = table.subtreeEnd(index)
        while child < end {
            result += 1
            child = table.subtreeEnd(child)
        }
        return isMapping ? result / 2 : result
    }

    /// The items of a sequence (empty for other nodes).
    public var items: [Node] { isSequence ? children : [] }

    /// The key/value pairs of a mapping in source order, duplicates included (empty for other nodes).
    public var entries: [MappingEntry] {
        guard isMapping else { return [] }
        let nodes = table.children(of: index)
        var result: [MappingEntry] = []
        result.reserveCapacity(nodes.count / 2)
        var position = 0
        while position + 1 < nodes.count {
            result.append(
                MappingEntry(
                    key: Node(storage: storage, index: nodes[position]),
                    value: Node(storage: storage, index: nodes[position + 1])))
            position += 2
        }
        return result
    }

    /// The value of the first entry whose key is the scalar `key`, for mappings.
    public subscript(key: String) -> Node? {
        guard isMapping else { return nil }
        var child = index + 1
        let end = table.subtreeEnd(index)
        while child < end {
            let valueIndex = table.subtreeEnd(child)
            guard valueIndex < end else { break }
            let keyNode = Node(storage: storage, index: child)
            if keyNode.hasValue(key) {
                return Node(storage: storage, index: valueIndex)
            }
            child = table.subtreeEnd(valueIndex)
        }
        return nil
    }
}

/// One key/value pair of a mapping.
public struct MappingEntry: Sendable {
    /// The key node.
    public let key: Node
    /// The value node.
    public let value: Node
}

@inline(__always)
func memoryEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.count == 0 }
    return memcmp(left, right, lhs.count) == 0
}
