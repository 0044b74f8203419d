import YAML

/// `structure`: the shape of a shop file. The top level is a mapping with an `items` list of
/// mappings, keys are text, and known keys have values of the right kind.
enum StructureRule {
    static let rule = Rule(
        id: .structure,
        summary:
            "The top level must be a mapping with an `items` list of mappings, and known keys must have values of the right kind.",
        check: { context in
            guard context.layout.root >= 0 else {
                context.report(
                    nil,
                    "the file has no content; a shop file is a mapping with an \"items\" list (for example \"items: []\")")
                return
            }
            let root = Int(context.layout.root)
            guard context.nodes.isMapping(root) else {
                let kind = context.nodes.isSequence(root) ? "a list" : "a single value"
                context.report(
                    root, "the top level is \(kind); a shop file is a mapping with keys such as \"title\" and \"items\"")
                return
            }
            checkTopLevel(root, &context)
            let nodes = context.nodes
            if context.layout.itemsThatAreNotMappings, context.layout.items >= 0 {
                for entry in nodes.items(of: Int(context.layout.items)) where !nodes.isMapping(entry) {
                    let what = nodes.isScalar(entry) ? (nodes.isNull(entry) ? "empty" : "a single value") : "a list"
                    context.report(entry, "an item must be a mapping with keys such as \"name:\" and \"price:\", not \(what)")
                }
            }
            for record in context.records where record.marks.contains(.wrongKind) {
                checkItem(Int(record.node), &context)
            }
        })

    private static func checkTopLevel(_ root: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        var seen: Set<[UInt8]> = []
        var sawItems = false
        for (key, value) in nodes.entries(of: root) {
            guard nodes.isScalar(key) else {
                context.report(key, "keys must be text, not a \(context.kindName(key))")
                continue
            }
            // A repeated key is a duplicate-key finding; only the first one is read.
            guard seen.insert(Array(nodes.value(key))).inserted else { continue }
            switch ListKey.matching(nodes.value(key)) {
            case .title:
                if !nodes.isScalar(value) {
                    context.report(value, "\"title\" must be text, not a \(context.kindName(value))")
                }
            case .currency:
                if !nodes.isScalar(value) {
                    context.report(value, "\"currency\" must be a code such as EUR, not a \(context.kindName(value))")
                }
            case .categories:
                checkCategories(value, &context)
            case .stores:
                checkStores(value, &context)
            case .catalog:
                break
            case .items:
                sawItems = true
                if nodes.isNull(value) {
                    context.report(value, "\"items\" has no value; write \"items: []\" for an empty list")
                } else if !nodes.isSequence(value) {
                    context.report(value, "\"items\" must be a list of items, not a \(context.kindName(value))")
                }
            case nil:
                break
            }
        }
        if !sawItems {
            context.report(root, "\"items\" is missing; add \"items:\" with a list of items, or \"items: []\"")
        }
    }

    private static func checkCategories(_ value: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        if nodes.isScalar(value) && nodes.isNull(value) { return }
        guard nodes.isSequence(value) else {
            context.report(value, "\"categories\" must be a list of category names, not a \(context.kindName(value))")
            return
        }
        for entry in nodes.items(of: value) where !nodes.isScalar(entry) || nodes.isNull(entry) {
            let what = nodes.isScalar(entry) ? "empty" : "a \(context.kindName(entry))"
            context.report(entry, "a category must be a name, not \(what)")
        }
    }

    /// `stores`: a mapping from each store's name (text) to its categories in aisle order (a list
    /// of names, `[]` for none yet), as the JSON Schema says.
    private static func checkStores(_ value: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        if nodes.isScalar(value) && nodes.isNull(value) { return }
        guard nodes.isMapping(value) else {
            context.report(
                value,
                "\"stores\" must be a mapping from each store's name to its categories in aisle order, not a \(context.kindName(value))"
            )
            return
        }
        for (key, categories) in nodes.entries(of: value) {
            guard nodes.isScalar(key), !NameKey(utf8: nodes.value(key)).isEmpty else {
                let what = nodes.isScalar(key) ? "empty" : "a \(context.kindName(key))"
                context.report(key, "a store's name must be text, not \(what)")
                continue
            }
            if nodes.isScalar(categories) && nodes.isNull(categories) {
                context.report(
                    key,
                    "store \"\(context.text(key))\" has no value; write its categories in aisle order, or \"[]\" for none yet")
                continue
            }
            guard nodes.isSequence(categories) else {
                context.report(
                    categories,
                    "store \"\(context.text(key))\" must have a list of categories in aisle order, not a \(context.kindName(categories))"
                )
                continue
            }
            for entry in nodes.items(of: categories) where !nodes.isScalar(entry) || nodes.isNull(entry) {
                let what = nodes.isScalar(entry) ? "empty" : "a \(context.kindName(entry))"
                context.report(entry, "a category must be a name, not \(what)")
            }
        }
    }

    /// The keys of one item that are not text, and its known keys whose values are of the wrong kind.
    private static func checkItem(_ mapping: Int, _ context: inout CheckContext) {
        let nodes = context.nodes
        var seen: UInt16 = 0
        for (key, value) in nodes.entries(of: mapping) {
            guard nodes.isScalar(key) else {
                context.report(key, "an item's keys must be text, not a \(context.kindName(key, scalar: "scalar"))")
                continue
            }
            guard let known = ItemKey.matching(nodes.value(key)) else { continue }
            let bit: UInt16 = 1 << UInt16(known.rank)
            guard seen & bit == 0 else { continue }
            seen |= bit
            guard nodes.isScalar(value) else {
                let expected: String
                switch known.kind {
                case .price, .quantity: expected = "a number"
                case .flag: expected = "true or false"
                case .text: expected = "text"
                }
                context.report(
                    value, "\"\(known.rawValue)\" must be \(expected), not a \(context.kindName(value, scalar: "scalar"))")
                continue
            }
            if known.kind == .flag, !nodes.isNull(value), ValueReading.bool(nodes.value(value)) == nil {
                context.report(value, "\"\(known.rawValue)\" must be true or false, not \"\(context.text(value))\"")
            }
        }
    }
}
