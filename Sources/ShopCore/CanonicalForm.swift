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
            builder.topLevel(root: root.id.index)
            // The file's own currency, as fmt knows it without reading a catalog: an edit writes
            // what fmt would.
            let decimals = list.ownCurrency?.decimals ?? Currency.defaultDecimals
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

    /// The policy of the top level.
    mutating func topLevel(root: Int) {
        var ranks: [Int] = []
        for entry in TopLevelEntries(of: root, nodes: nodes) {
            let value = entry.value
            ranks.append(entry.rank)
            switch entry.listKey {
            case .title:
                text(value)
            case .currency:
                if nodes.isScalar(value), !nodes.isNull(value) {
                    let written = String(decoding: nodes.value(value), as: UTF8.self)
                    if let currency = Currency(code: written) {
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
    }

    mutating func item(_ mapping: Int, decimals: Int) {
        var ranks: [Int] = []
        for entry in ItemEntries(of: mapping, decimals: decimals, nodes: nodes) {
            ranks.append(entry.rank)
            if let rendering = entry.rendering(decimals: decimals) { renderings[NodeID(index: entry.value)] = rendering }
        }
        order(mapping, ranks: ranks)
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
