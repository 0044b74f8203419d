import YAML

/// One entry of a list's top level as shop reads it.
///
/// The decoder and the canonical form both read the top level through ``TopLevelEntries``, so they
/// agree on which key is which and which copy of a repeated key counts.
struct TopLevelEntry {
    /// The key's node.
    let key: Int
    /// The value's node.
    let value: Int
    /// The list key the key names; nil for a key that is not text or not a list key.
    let listKey: ListKey?
    /// Whether an earlier entry names the same list key: the first counts, check reports the others.
    let isRepeated: Bool

    /// The entry's place in the canonical order.
    var rank: Int { listKey?.rank ?? ListKey.otherRank }
}

/// The entries of a list's top-level mapping, read as ``TopLevelEntry`` values.
struct TopLevelEntries: Sequence, IteratorProtocol {
    private var entries: MappingEntries
    private let nodes: RawNodes
    private var seen: UInt8 = 0

    /// The entries of the mapping `root`.
    init(of root: Int, nodes: RawNodes) {
        entries = nodes.entries(of: root)
        self.nodes = nodes
    }

    /// The next entry, or nil after the last.
    mutating func next() -> TopLevelEntry? {
        guard let (key, value) = entries.next() else { return nil }
        guard nodes.isScalar(key), let listKey = ListKey.matching(nodes.value(key)) else {
            return TopLevelEntry(key: key, value: value, listKey: nil, isRepeated: false)
        }
        let bit: UInt8 = 1 << UInt8(listKey.rank)
        defer { seen |= bit }
        return TopLevelEntry(key: key, value: value, listKey: listKey, isRepeated: seen & bit != 0)
    }
}
