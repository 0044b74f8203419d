import YAML

/// `done-not-bought`: an item checked off that is not on the list. Putting it on the list
/// (`buy: true`) is a safe fix: it is in the basket.
enum DoneNotBoughtRule {
    static let rule = Rule(
        id: .doneNotBought,
        summary: "An item is checked off (`done: true`) but not on the shopping list (`buy: true`).",
        check: { context in
            let nodes = context.nodes
            for record in context.records where record.done && !record.buy {
                let item = context.item(record)
                guard let done = item.valueNode(.done) else { continue }
                let doneKey = done - 1
                let label = item.text(.name).map { "\"\(String(decoding: $0, as: UTF8.self))\" is" } ?? "this item is"
                let edit: TextEdit
                if let buy = item.valueNode(.buy) {
                    let span = context.span(of: buy)
                    // An empty value (`buy:`) sits right after the colon: the new one needs a space.
                    edit = TextEdit(span: span, replacement: span.start == span.end ? " true" : "true")
                } else if nodes.isFlow(item.node) {
                    edit = TextEdit(span: SourceSpan(at: context.span(of: doneKey).start), replacement: "buy: true, ")
                } else {
                    var start = context.span(of: doneKey).start
                    // An explicit key (`? done`): the new entry goes before its `?`.
                    let bytes = context.source.bytes
                    var before = start
                    while before > 0 && bytes[before - 1] == 0x20 { before -= 1 }
                    if before > 0 && bytes[before - 1] == UInt8(ascii: "?") { start = before - 1 }
                    let column = context.source.column(at: start)
                    let indent = String(repeating: " ", count: max(0, column - 1))
                    // The new line ends as the file's lines do.
                    let lineBreak = context.source.lineBreak(near: start)
                    edit = TextEdit(span: SourceSpan(at: start), replacement: "buy: true" + lineBreak + indent)
                }
                context.report(
                    doneKey, "\(label) done but not on the shopping list; add \"buy: true\" or remove \"done\"",
                    fixes: [Fix(title: "add \"buy: true\"", isSafe: true, edits: [edit])])
            }
        })
}
