import YAML

/// `duplicate-key`: a key written twice in one mapping, at the top level, in an item, or nested in a
/// value shop does not interpret (under unknown and `x-` keys). YAML readers disagree about which
/// copy counts, or refuse the file, so the later copy is reported, naming the first.
enum DuplicateKeyRule {
    static let rule = Rule(
        id: .duplicateKey, summary: "A key appears twice in the same mapping.",
        check: { context in
            let nodes = context.nodes
            guard context.layout.root >= 0, nodes.isMapping(Int(context.layout.root)) else { return }
            let root = Int(context.layout.root)
            check(root, &context)
            for record in context.records where !record.marks.isDisjoint(with: [.repeatedKey, .otherKeys]) {
                check(Int(record.node), &context)
            }
            checkNested(after: root, &context)
        })

    /// Reports every key of `mapping` that an earlier key of it spells the same.
    private static func check(_ mapping: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        var spellings = KeySpellings()
        for (key, _) in nodes.entries(of: mapping) where nodes.isScalar(key) {
            guard let first = spellings.first(spelledLike: key, nodes: nodes) else { continue }
            context.report(
                key,
                FindingMessage(parts: [
                    .text("duplicate key \"\(context.text(key))\" (first at "), context.line(of: first),
                    .text("); keep only one"),
                ]), related: [context.place(first, "first written here")])
        }
    }

    /// The distinct keys of one mapping so far. An item has a handful: comparing a key with each
    /// of them costs less than hashing a copy of it, until a mapping has many.
    private struct KeySpellings {
        private var few: [Int] = []
        private var many: [[UInt8]: Int] = [:]
        private static let fewLimit = 16

        /// The earlier key spelled as `key`; or nil, having recorded `key`.
        mutating func first(spelledLike key: Int, nodes: RawNodes) -> Int? {
            let bytes = nodes.value(key)
            if few.count < Self.fewLimit {
                if let first = few.first(where: { nodes.value($0).elementsEqual(bytes) }) { return first }
                few.append(key)
                if few.count == Self.fewLimit {
                    for node in few { many[Array(nodes.value(node))] = node }
                }
                return nil
            }
            if let first = many[Array(bytes)] { return first }
            many[Array(bytes)] = key
            return nil
        }
    }

    /// Checks the mappings nested in values shop does not interpret: every mapping after `start`
    /// (the root) that is not an item. Items are in document order, like the walk. An item whose
    /// keys are all known, once each, with scalar values has no mapping inside: the walk steps over
    /// it, so that it costs a look per item instead of per node.
    private static func checkNested(after start: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        let records = context.records
        let mayHoldMappings: ItemRecord.Marks = [.wrongKind, .otherKeys, .repeatedKey, .splitDecimal]
        var nextItem = 0
        var node = start + 1
        let end = nodes.count
        while node < end {
            guard nodes.isMapping(node) else {
                node += 1
                continue
            }
            while nextItem < records.count && Int(records[nextItem].node) < node { nextItem += 1 }
            if nextItem < records.count && Int(records[nextItem].node) == node {
                node = records[nextItem].marks.isDisjoint(with: mayHoldMappings) ? nodes.subtreeEnd(node) : node + 1
                continue
            }
            check(node, &context)
            node += 1
        }
    }
}
