import YAML

/// `duplicate-key`: a key written twice in one mapping, at the top level, in an item, or nested in a
/// value shop does not interpret (under unknown and `x-` keys). YAML readers disagree about which
/// copy counts, or refuse the file, so the later copy is reported, naming the first.
enum DuplicateKeyRule {
    static let rule = Rule(
        .duplicateKey, .error, summary: "A key appears twice in the same mapping.",
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
        var seen: [[UInt8]: Int] = [:]
        for (key, _) in nodes.entries(of: mapping) where nodes.isScalar(key) {
            let bytes = Array(nodes.value(key))
            if let first = seen[bytes] {
                context.report(
                    key,
                    FindingMessage(parts: [
                        .text("duplicate key \"\(context.text(key))\" (first at "), context.line(of: first),
                        .text("); keep only one"),
                    ]), related: [context.place(first, "first written here")])
            } else {
                seen[bytes] = key
            }
        }
    }

    /// The mappings nested in values shop does not interpret: every mapping after the root that is
    /// not an item. Items are in document order, like the walk.
    private static func checkNested(after root: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        let records = context.records
        var nextItem = 0
        for mapping in (root + 1)..<nodes.count where nodes.isMapping(mapping) {
            while nextItem < records.count && Int(records[nextItem].node) < mapping { nextItem += 1 }
            if nextItem < records.count && Int(records[nextItem].node) == mapping { continue }
            check(mapping, &context)
        }
    }
}
