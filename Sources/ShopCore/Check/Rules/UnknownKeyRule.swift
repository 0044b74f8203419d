import YAML

/// `unknown-key`: a key shop does not know that is not an extension (`x-...`), with the known key
/// that was probably meant. Respelling it is offered when the mapping does not have that key yet
/// (it would then be written twice), and is a safe fix when exactly one known key is suggested
/// and the value is of the kind that key takes (a renamed
/// `catgory: [a, b]` would be a structure error, which no fix may make); when two misspellings
/// point at one key, only the first is fixed.
enum UnknownKeyRule {
    static let rule = Rule(
        id: .unknownKey, summary: "A key that is neither known nor an extension starting with `x-`.",
        check: { context in
            let nodes = context.nodes
            guard context.layout.root >= 0, nodes.isMapping(Int(context.layout.root)) else { return }
            if context.layout.unusualTopLevel {
                check(Int(context.layout.root), known: ListKey.allCases.map(\.rawValue), skipping: [], &context)
            }
            let itemKeys = ItemKey.allCases.map(\.rawValue)
            for record in context.records where record.marks.contains(.unknownKey) {
                let mapping = Int(record.node)
                check(mapping, known: itemKeys, skipping: splitFractionKeys(of: mapping, nodes: nodes), &context)
            }
        })

    private static func check(_ mapping: Int, known: [String], skipping: Set<Int>, _ context: inout CheckContext) {
        let nodes = context.nodes
        var present: Set<String> = []
        var reported: Set<[UInt8]> = []
        var unknown: [(key: Int, value: Int)] = []
        for (key, value) in nodes.entries(of: mapping) where nodes.isScalar(key) && !skipping.contains(key) {
            let bytes = nodes.value(key)
            let text = context.text(key)
            if known.contains(text) {
                present.insert(text)
            } else if !isExtensionKey(bytes), reported.insert(Array(bytes)).inserted {
                // A repeated unknown key is a duplicate-key finding; only the first is reported here.
                unknown.append((key, value))
            }
        }
        var fixedTargets: Set<String> = []
        for (key, value) in unknown {
            let text = context.text(key)
            guard let suggestion = SpellingSuggestion.closest(to: text, among: known) else {
                context.report(key, "unknown key \"\(text)\"; extension keys start with \"x-\"")
                continue
            }
            let message = "unknown key \"\(text)\" (did you mean \"\(suggestion)\"?)"
            // Renamed onto a key the mapping has, it would be written twice: no fix does that.
            guard !present.contains(suggestion) else {
                context.report(key, message)
                continue
            }
            let safe = fits(value, as: suggestion, nodes: nodes) && fixedTargets.insert(suggestion).inserted
            let fix = Fix(
                title: "rename to \"\(suggestion)\"", isSafe: safe,
                edits: [TextEdit(span: context.span(of: key), replacement: suggestion)])
            context.report(key, message, fixes: [fix])
        }
    }

    /// Whether `value` is of the kind the known key `name` takes, as the structure rule judges it:
    /// `items` and `categories` a list, a flag true, false or nothing, anything else a scalar.
    private static func fits(_ value: Int, as name: String, nodes: RawNodes) -> Bool {
        if let key = ListKey(rawValue: name), key == .items || key == .categories { return nodes.isSequence(value) }
        guard nodes.isScalar(value) else { return false }
        if ItemKey(rawValue: name)?.kind == .flag {
            return nodes.isNull(value) || ValueReading.bool(nodes.value(value)) != nil
        }
        return true
    }

    /// The keys of digits that a comma split off a price or quantity (`{price: 3,49}`): reported
    /// with the price, not as keys.
    static func splitFractionKeys(of mapping: Int, nodes: RawNodes) -> Set<Int> {
        var keys: Set<Int> = []
        // Where a decimal is split does not depend on how many decimals prices have.
        for entry in ItemEntries(of: mapping, decimals: Currency.defaultDecimals, nodes: nodes) {
            if case .fractionOfSplit = entry.content { keys.insert(entry.key) }
        }
        return keys
    }
}
