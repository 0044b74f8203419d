import YAML

/// The rules on what identifies an item: `missing-name`, `duplicate-name`, `duplicate-id`.
enum NameRules {
    /// `missing-name`: an item without a name, or with an empty one, at the item's first line.
    static let missingName = Rule(
        .missingName, .error, summary: "An item has no name, or an empty one.",
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
        .duplicateName, .error,
        summary: "Two items have the same name once case, Unicode compatibility forms and white space are ignored.",
        check: { context in
            let repeated =
                context.list.repeatedNames ?? RepeatedFingerprints.pairs(.name, of: context.records, nodes: context.nodes)
            for pair in repeated {
                let name = Int(pair.later)
                context.report(
                    name,
                    FindingMessage(parts: [
                        .text("duplicate item name \"\(context.text(name))\" (first defined at "),
                        .line(ofOffset: pair.first.span.start), .text(")"),
                    ]), related: [RelatedPlace(span: pair.first.span, message: "first defined here")])
            }
        })

    /// `duplicate-id`: two items with the same id.
    static let duplicateID = Rule(
        .duplicateID, .error, summary: "Two items have the same id.",
        check: { context in
            // By a fingerprint of the bytes, compared exactly when two meet: no text is made per item.
            let repeated =
                context.list.repeatedIDs ?? RepeatedFingerprints.pairs(.id, of: context.records, nodes: context.nodes)
            for pair in repeated {
                let idNode = Int(pair.later)
                context.report(
                    idNode,
                    FindingMessage(parts: [
                        .text("duplicate id \"\(context.text(idNode))\" (first used at "),
                        .line(ofOffset: pair.first.span.start), .text(")"),
                    ]), related: [RelatedPlace(span: pair.first.span, message: "first used here")])
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
