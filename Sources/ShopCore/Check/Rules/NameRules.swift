import YAML

/// The rules on what identifies an item: `missing-name`, `duplicate-name`, `duplicate-id`.
enum NameRules {
    /// `missing-name`: an item without a name, or with an empty one, at the item's first line.
    static let missingName = Rule(
        id: .missingName, summary: "An item has no name, or an empty one.",
        check: { context in
            let nodes = context.nodes
            for record in context.records {
                // Most items have a name that is text and not blank: known from the record alone.
                if record.marks.contains(.textName) && !record.marks.contains(.blankName) { continue }
                let item = context.item(record)
                guard let name = item.valueNode(.name) else {
                    context.report(item.node, firstLine: true, "this item has no name; add a \"name:\" line")
                    continue
                }
                guard nodes.isScalar(name) else { continue }
                if nodes.isNull(name) {
                    context.report(item.node, firstLine: true, "this item has no name; \"name\" has no value")
                } else if record.marks.contains(.blankName) {
                    context.report(item.node, firstLine: true, "this item's name is empty; give it a name")
                }
            }
        })

    /// `duplicate-name`: two items whose names are equal after normalization; the later one is
    /// reported, naming the first.
    static let duplicateName = Rule(
        id: .duplicateName,
        summary: "Two items have the same name once case, Unicode compatibility forms and white space are ignored.",
        check: { context in
            let nodes = context.nodes
            let repeated = context.list.repeatedNames ?? RepeatedFingerprints.pairs(.name, of: context.records, nodes: nodes)
            // Names with the same fingerprint but other keys, compared exactly.
            var exact: [NameKey: Int32] = [:]
            for pair in repeated {
                let name = Int(pair.later)
                let key = NameKey(utf8: nodes.value(name))
                var firstNode = Int(pair.first)
                if NameKey(utf8: nodes.value(firstNode)) != key {
                    firstNode = exact[key].map(Int.init) ?? -1
                    if firstNode < 0 { exact[key] = Int32(name) }
                }
                guard firstNode >= 0 else { continue }
                context.report(
                    name,
                    FindingMessage(parts: [
                        .text("duplicate item name \"\(context.text(name))\" (first defined at "), context.line(of: firstNode),
                        .text(")"),
                    ]), related: [context.place(firstNode, "first defined here")])
            }
        })

    /// `duplicate-id`: two items with the same id.
    static let duplicateID = Rule(
        id: .duplicateID, summary: "Two items have the same id.",
        check: { context in
            let nodes = context.nodes
            // By a fingerprint of the bytes, compared exactly when two meet: no text is made per item.
            let repeated = context.list.repeatedIDs ?? RepeatedFingerprints.pairs(.id, of: context.records, nodes: nodes)
            // The ids whose fingerprint an earlier, different id has.
            var exact: [[UInt8]: Int32] = [:]
            for pair in repeated {
                let idNode = Int(pair.later)
                let bytes = nodes.value(idNode)
                var earlier = pair.first
                if !nodes.value(Int(earlier)).elementsEqual(bytes) {
                    earlier = exact[Array(bytes)] ?? -1
                    if earlier < 0 { exact[Array(bytes)] = Int32(idNode) }
                }
                guard earlier >= 0 else { continue }
                let id = context.text(idNode)
                context.report(
                    idNode,
                    FindingMessage(parts: [
                        .text("duplicate id \"\(id)\" (first used at "), context.line(of: Int(earlier)), .text(")"),
                    ]), related: [context.place(Int(earlier), "first used here")])
            }
        })
}

extension CheckContext {
    /// Reports a finding on an item whose place is its first line: where it begins, to the end of
    /// that line or of the item, whichever comes first.
    mutating func report(_ node: Int, firstLine: Bool, _ message: String) {
        let whole = span(of: node)
        let bytes = source.bytes
        var end = whole.start
        while end < whole.end && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        report(node, span: SourceSpan(start: whole.start, end: end), FindingMessage(message))
    }
}
