import YAML

/// `duplicate-store`: two stores of `stores` whose names are one name compared like names
/// (`Market`, `market`). Which one `--store` picks would be a guess, so the later one is an error
/// that names the first. Two stores spelled exactly alike are a repeated key: `duplicate-key`
/// reports them, and this rule does not again.
enum StoreRule {
    static let duplicateStore = Rule(
        id: .duplicateStore, summary: "Two stores in `stores` have one name (compared like names).",
        check: { context in
            let nodes = context.nodes
            let stores = Int(context.layout.stores)
            guard stores >= 0, nodes.isMapping(stores) else { return }
            var seen: [NameKey: Int] = [:]
            for (key, _) in nodes.entries(of: stores) where nodes.isScalar(key) {
                let name = NameKey(utf8: nodes.value(key))
                if name.isEmpty { continue }
                guard let first = seen[name] else {
                    seen[name] = key
                    continue
                }
                if nodes.value(first).elementsEqual(nodes.value(key)) { continue }
                context.report(
                    key,
                    FindingMessage(parts: [
                        .text("store \"\(context.text(key))\" is written twice (first at "), context.line(of: first),
                        .text(" as \"\(context.text(first))\"); store names are compared like item names, keep one"),
                    ]), related: [context.place(first, "first written here")])
            }
        })
}
