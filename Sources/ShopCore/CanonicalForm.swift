import YAML

/// The canonical form of a shop file, as the YAML printer's policy: key order, canonical values
/// (prices with the currency's decimals, shortest quantities, `true`/`false`, upper-case currency
/// codes), text that YAML would read as something else quoted, and values that break their rule
/// kept exactly as written.
public enum CanonicalForm {
    /// The policy for a document. Documents that are not shaped like a shop file get the plain
    /// YAML canonical form.
    public static func policy(for document: Document) -> PrintPolicy {
        policy(for: ShoppingList(document: document))
    }

    /// The policy for a list already decoded: decoding marks the items the canonical form writes
    /// otherwise than the file does, and only those are looked at again.
    public static func policy(for list: ShoppingList) -> PrintPolicy {
        var policy = PrintPolicy()
        let document = list.document
        guard let root = document.root, root.isMapping else { return policy }
        document.withRawNodes { nodes in
            var builder = PolicyBuilder(nodes: nodes)
            let decimals = builder.buildTopLevel(root: root.id.index)
            for record in list.records where record.marks.contains(.notCanonical) {
                builder.item(Int(record.node), decimals: decimals)
            }
            policy.entryOrder = builder.entryOrder
            policy.scalarRenderings = builder.renderings
        }
        return policy
    }

    /// The document printed in canonical form.
    public static func format(_ document: Document) -> [UInt8] {
        document.formatted(policy: policy(for: document))
    }
}

private struct PolicyBuilder {
    let nodes: RawNodes
    var entryOrder: [NodeID: [Int]] = [:]
    var renderings: [NodeID: ScalarRendering] = [:]

    init(nodes: RawNodes) {
        self.nodes = nodes
    }

    /// The policy of the top level; returns the decimals prices have.
    mutating func buildTopLevel(root: Int) -> Int {
        var decimals = Currency.defaultDecimals
        // The first `currency` counts, as decoding reads it; a later one is a duplicate key.
        var sawCurrency = false
        var ranks: [Int] = []
        for (key, value) in nodes.entries(of: root) {
            let listKey = nodes.isScalar(key) ? ListKey.matching(nodes.value(key)) : nil
            ranks.append(listKey.map { ListKey.allCases.firstIndex(of: $0)! } ?? ListKey.allCases.count)
            switch listKey {
            case .title:
                text(value)
            case .currency:
                defer { sawCurrency = true }
                if nodes.isScalar(value), !nodes.isNull(value) {
                    let written = String(decoding: nodes.value(value), as: UTF8.self)
                    if let currency = Currency(code: written) {
                        if !sawCurrency { decimals = currency.decimals }
                        if written != currency.code || !nodes.isPlain(value) {
                            renderings[NodeID(index: value)] = .string(currency.code)
                        }
                    } else {
                        renderings[NodeID(index: value)] = .verbatim
                    }
                }
            case .categories:
                if nodes.isSequence(value) {
                    for category in nodes.items(of: value) { text(category) }
                }
            case .catalog:
                // A catalog's path is written as its author wrote it.
                if nodes.isScalar(value), !nodes.isNull(value) { renderings[NodeID(index: value)] = .verbatim }
            case .stores:
                // Store names and their categories are texts, quoted as every text is.
                if nodes.isMapping(value) {
                    for (store, categories) in nodes.entries(of: value) {
                        text(store)
                        if nodes.isSequence(categories) {
                            for category in nodes.items(of: categories) { text(category) }
                        }
                    }
                }
            case .items, nil:
                break
            }
        }
        order(root, ranks: ranks)
        return decimals
    }

    mutating func item(_ mapping: Int, decimals: Int) {
        var ordered = true
        var previousRank = -1
        var ranks: [Int] = []
        // A price or quantity split by a comma (`{price: 3,49}`) is kept as written, with the key
        // of digits after it right behind it, so that check still sees them together.
        var splitKey = -1
        let mappingEnd = nodes.subtreeEnd(mapping)
        for (key, value) in nodes.entries(of: mapping) {
            let itemKey = nodes.isScalar(key) ? ItemKey.matching(nodes.value(key)) : nil
            var rank = itemKey?.rank ?? ItemKey.otherRank
            if key == splitKey { rank = previousRank }
            ranks.append(rank)
            if rank < previousRank { ordered = false }
            previousRank = rank
            guard let itemKey, nodes.isScalar(value), !nodes.isNull(value) else { continue }
            if itemKey == .price || itemKey == .quantity,
                let split = SplitDecimal.after(value: value, mappingEnd: mappingEnd, nodes: nodes)
            {
                splitKey = split.fractionKey
                renderings[NodeID(index: value)] = .verbatim
                continue
            }
            let bytes = nodes.value(value)
            let kind = itemKey.kind
            let reading = kind.read(bytes, decimals: decimals)
            switch reading {
            case .text:
                text(value)
                continue
            case .invalid:
                // A value that breaks its rule is kept exactly as written: check reports it.
                renderings[NodeID(index: value)] = .verbatim
                continue
            case .decimal, .flag:
                // Most values are written the canonical way already: only the others are rendered.
                if nodes.isPlain(value) && kind.isCanonical(bytes, decimals: decimals) { continue }
            }
            switch reading {
            case .decimal(let number): renderings[NodeID(index: value)] = .plain(kind.canonicalText(number, decimals: decimals))
            case .flag(let flag): renderings[NodeID(index: value)] = .plain(ValueKind.canonicalText(flag))
            case .text, .invalid: break
            }
        }
        if !ordered { order(mapping, ranks: ranks) }
    }

    /// A text value: plain text that YAML readers would take for a number, bool or null is quoted.
    mutating func text(_ value: Int) {
        guard nodes.isScalar(value), nodes.isPlain(value), !nodes.isNull(value) else { return }
        if ScalarAnalysis.resolvesToNonString(nodes.value(value)) {
            renderings[NodeID(index: value)] = .asString
        }
    }

    mutating func order(_ mapping: Int, ranks: [Int]) {
        guard zip(ranks, ranks.dropFirst()).contains(where: { $0 > $1 }) else { return }
        let order = ranks.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        entryOrder[NodeID(index: mapping)] = order
    }
}
