import ShopCore
import YAML

/// What a document means to shop, for comparing a file with its canonical form: every known value
/// as shop interprets it (prices and quantities as exact decimals, bools, currency codes, texts), values
/// that break their rule as written, and everything else (unknown keys, `x-` keys) as YAML data in
/// which a plain scalar that other readers would type (a number, bool, date, null) stays apart from
/// a string. Mapping entries are listed in canonical key order (known keys first, then the others in
/// source order), so a reordered file has the same data; dropping, adding or changing anything does
/// not.
struct ShopData: Hashable, CustomStringConvertible {
    indirect enum Value: Hashable {
        case null
        /// A string every reader reads as this string.
        case string(String)
        /// A plain scalar that YAML readers may read as something other than a string.
        case typed(String)
        /// A valid price or quantity, in shortest form.
        case decimal(String)
        case bool(Bool)
        /// A known key's value that breaks its rule, kept as written: its value, and whether it is
        /// a plain scalar other readers may type.
        case kept(String, typed: Bool)
        case list([Value])
        case map([Entry])
    }

    struct Entry: Hashable {
        var key: Value
        var value: Value
    }

    let root: Value
    /// The rules `check` reports, sorted: formatting must neither add nor remove findings.
    let rules: [String]
    /// The source text of each kept value that was written on one line (nil for the others), in
    /// the order of ``root``: fmt must copy these exactly. Not part of equality.
    let keptSources: [String?]

    init(_ document: Document) {
        var reader = Reader(document: document)
        root = reader.readRoot()
        keptSources = reader.keptSources
        rules = ShoppingList(document: document).diagnostics.map(\.rule.rawValue).sorted()
    }

    static func == (lhs: ShopData, rhs: ShopData) -> Bool {
        lhs.root == rhs.root && lhs.rules == rhs.rules
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(rules)
    }

    /// Where a kept value of `self` (the input) is not copied exactly into `formatted`.
    func keptSourceDifferences(in formatted: ShopData) -> [String] {
        zip(keptSources, formatted.keptSources).compactMap { before, after in
            guard let before, before != after else { return nil }
            return "\(before) became \(after ?? "a multi-line value")"
        }
    }

    var description: String { lines.joined(separator: "\n") }

    /// One line per value with its path, for readable failure messages.
    var lines: [String] {
        var result = ["rules: \(rules.joined(separator: ", "))"]
        func walk(_ value: Value, _ path: String) {
            switch value {
            case .null: result.append("\(path) = null")
            case .string(let text): result.append("\(path) = \(text.debugDescription)")
            case .typed(let text): result.append("\(path) = plain \(text)")
            case .decimal(let text): result.append("\(path) = decimal \(text)")
            case .bool(let flag): result.append("\(path) = \(flag)")
            case .kept(let text, let typed): result.append("\(path) = kept \(typed ? "plain " : "")\(text.debugDescription)")
            case .list(let values):
                if values.isEmpty { result.append("\(path) = []") }
                for (index, value) in values.enumerated() { walk(value, "\(path)[\(index)]") }
            case .map(let entries):
                if entries.isEmpty { result.append("\(path) = {}") }
                for entry in entries {
                    var key = ""
                    if case .string(let text) = entry.key { key = text } else { key = "\(entry.key)" }
                    walk(entry.value, "\(path)/\(key)")
                }
            }
        }
        walk(root, "")
        return result
    }

    /// Reads a document's values, noting the source of kept values on the way.
    private struct Reader {
        let document: Document
        var keptSources: [String?] = []

        mutating func readRoot() -> Value {
            guard let root = document.root else { return .null }
            guard root.isMapping else { return ShopData.generic(root) }
            var decimals = Currency.defaultDecimals
            if let currency = root["currency"]?.value, let known = Currency(code: currency) {
                decimals = known.decimals
            }
            let entries = ordered(root.entries, rank: { ListKey(rawValue: $0).map { ListKey.allCases.firstIndex(of: $0)! } })
            return .map(
                entries.map { entry in
                    let key = entry.key.isScalar ? entry.key.value.flatMap(ListKey.init(rawValue:)) : nil
                    let value: Value
                    switch key {
                    case .title: value = text(entry.value)
                    case .currency: value = currency(entry.value)
                    case .categories:
                        value = entry.value.isSequence ? .list(entry.value.items.map(text)) : ShopData.generic(entry.value)
                    case .items:
                        value = entry.value.isSequence
                            ? .list(entry.value.items.map { item($0, decimals: decimals) }) : ShopData.generic(entry.value)
                    case .stores:
                        // Store names and their categories are texts, as `categories` are.
                        value = entry.value.isMapping
                            ? .map(
                                entry.value.entries.map { store in
                                    Entry(
                                        key: store.key.isScalar ? text(store.key) : ShopData.generic(store.key),
                                        value: store.value.isSequence
                                            ? .list(store.value.items.map(text)) : ShopData.generic(store.value))
                                }) : ShopData.generic(entry.value)
                    case .catalog, nil: value = ShopData.generic(entry.value)
                    }
                    return Entry(key: ShopData.generic(entry.key), value: value)
                })
        }

        mutating func item(_ node: Node, decimals: Int) -> Value {
            guard node.isMapping else { return ShopData.generic(node) }
            let entries = ordered(node.entries, rank: { ItemKey(rawValue: $0).map { ItemKey.allCases.firstIndex(of: $0)! } })
            return .map(
                entries.map { entry in
                    let key = entry.key.isScalar ? entry.key.value.flatMap(ItemKey.init(rawValue:)) : nil
                    let value: Value
                    switch key?.kind {
                    case .text: value = text(entry.value)
                    case .price:
                        value = interpreted(entry.value) {
                            (try? ValueReading.price($0, decimals: decimals, currencyCode: nil).get()).map { Value.decimal($0.description) }
                        }
                    case .quantity:
                        value = interpreted(entry.value) {
                            (try? ValueReading.quantity($0).get()).map { Value.decimal($0.description) }
                        }
                    case .flag: value = interpreted(entry.value) { ValueReading.bool($0).map(Value.bool) }
                    case nil: value = ShopData.generic(entry.value)
                    }
                    return Entry(key: ShopData.generic(entry.key), value: value)
                })
        }

        /// Entries with known keys first in their canonical order, then the others as they were.
        func ordered(_ entries: [MappingEntry], rank: (String) -> Int?) -> [MappingEntry] {
            let ranks = entries.map { entry in
                (entry.key.isScalar ? entry.key.value.flatMap(rank) : nil) ?? Int.max
            }
            return entries.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { entries[$0] }
        }

        func text(_ node: Node) -> Value {
            guard node.isScalar else { return ShopData.generic(node) }
            return node.isNull ? .null : .string(node.value ?? "")
        }

        mutating func currency(_ node: Node) -> Value {
            guard node.isScalar, !node.isNull, let value = node.value else { return ShopData.generic(node) }
            if let currency = Currency(code: value) { return .string(currency.code) }
            return kept(node, value)
        }

        mutating func interpreted(_ node: Node, _ read: (String) -> Value?) -> Value {
            guard node.isScalar, !node.isNull, let value = node.value else { return ShopData.generic(node) }
            return read(value) ?? kept(node, value)
        }

        mutating func kept(_ node: Node, _ value: String) -> Value {
            var source: String?
            if let range = node.range, range.start.line == range.end.line {
                source = String(decoding: document.source.bytes[range.start.offset..<range.end.offset], as: UTF8.self)
            }
            keptSources.append(source)
            return .kept(value, typed: node.scalarStyle == .plain && ScalarAnalysis.resolvesToNonString(value))
        }
    }

    static func generic(_ node: Node) -> Value {
        switch node.kind {
        case .scalar:
            if node.isNull { return .null }
            let value = node.value ?? ""
            if node.scalarStyle == .plain && ScalarAnalysis.resolvesToNonString(value) { return .typed(value) }
            return .string(value)
        case .sequence:
            return .list(node.items.map(generic))
        case .mapping:
            return .map(node.entries.map { Entry(key: generic($0.key), value: generic($0.value)) })
        }
    }
}

/// The comments of a document in the order the canonical form writes them: the order of
/// `Document.allComments`, but walking mappings in canonical key order (top level and items), so
/// that a file and its canonical form can be compared even when fmt moved keys with their comments.
func commentsInCanonicalOrder(_ document: Document) -> [String] {
    var result: [String] = []
    func visit(_ node: Node, role: MappingRole) {
        let trivia = node.trivia
        let headerOffset = trivia.header?.offset
        let before = trivia.leading.filter { headerOffset == nil || ($0.offset ?? Int.min) < headerOffset! }
        let after = trivia.leading.filter { headerOffset != nil && ($0.offset ?? Int.min) > headerOffset! }
        result.append(contentsOf: before.map(\.text))
        if let header = trivia.header { result.append(header.text) }
        result.append(contentsOf: after.map(\.text))
        switch node.kind {
        case .scalar:
            break
        case .sequence:
            for item in node.items { visit(item, role: role == .itemList ? .item : .other) }
        case .mapping:
            let entries = node.entries
            let ranks = entries.map { entry -> Int in
                guard entry.key.isScalar, let key = entry.key.value else { return Int.max }
                switch role {
                case .root: return ListKey(rawValue: key).flatMap { ListKey.allCases.firstIndex(of: $0) } ?? Int.max
                case .item: return ItemKey(rawValue: key).flatMap { ItemKey.allCases.firstIndex(of: $0) } ?? Int.max
                default: return entries.firstIndex { $0.key.id == entry.key.id }!
                }
            }
            for index in entries.indices.sorted(by: { (ranks[$0], $0) < (ranks[$1], $1) }) {
                let entry = entries[index]
                visit(entry.key, role: .other)
                let isItems = role == .root && entry.key.value == "items" && entry.key.isScalar
                visit(entry.value, role: isItems ? .itemList : .other)
            }
        }
        result.append(contentsOf: trivia.end.map(\.text))
        if let trailing = trivia.trailing { result.append(trailing.text) }
    }
    if let root = document.root { visit(root, role: root.isMapping ? .root : .other) }
    result.append(contentsOf: document.endComments.map(\.text))
    return result
}

private enum MappingRole {
    case root, itemList, item, other
}
