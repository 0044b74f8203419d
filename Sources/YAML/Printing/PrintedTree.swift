/// The tree the printer walks: the node table, with each mapping's entries in the order the policy
/// asks for.
struct PrintedTree {
    /// The document's nodes.
    let table: NodeTable
    /// For the mappings the policy reorders, the positions of their entries in printing order.
    let entryOrder: [NodeID: [Int]]

    /// Whether `node` is a collection without children, which is written in brackets (`[]`, `{}`).
    @inline(__always)
    func isEmptyCollection(_ node: Int) -> Bool {
        !table.isScalar(node) && table.subtreeEnd(node) == node + 1
    }

    /// Whether the policy reorders the entries of `mapping`.
    @inline(__always)
    func isReordered(_ mapping: Int) -> Bool {
        !entryOrder.isEmpty && entryOrder[NodeID(index: mapping)] != nil
    }

    /// A mapping's entries in the order to print them. An order that does not fit the mapping is
    /// ignored rather than trusted.
    func orderedEntries(_ mapping: Int) -> [(key: Int, value: Int)] {
        var entries: [(key: Int, value: Int)] = []
        var key = mapping + 1
        let end = table.subtreeEnd(mapping)
        while key < end {
            let value = table.subtreeEnd(key)
            guard value < end else { break }
            entries.append((key, value))
            key = table.subtreeEnd(value)
        }
        if let order = entryOrder[NodeID(index: mapping)], order.count == entries.count {
            return order.map { entries[$0] }
        }
        return entries
    }

    /// The entry printed first in a non-empty mapping.
    func firstEntry(_ mapping: Int) -> (key: Int, value: Int) {
        if entryOrder[NodeID(index: mapping)] != nil, let first = orderedEntries(mapping).first {
            return first
        }
        return (mapping + 1, table.subtreeEnd(mapping + 1))
    }
}
