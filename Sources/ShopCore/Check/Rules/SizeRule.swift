import YAML

/// `bad-size`: a `size` that is not `AMOUNT UNIT` or `COUNT x AMOUNT UNIT` with one of the units
/// of ``PackSize/units``. The value is kept as written (a warning, not an error: the item is
/// still bought as it says); where another spelling of a size was meant (`500g`, `1,5 l`), a fix
/// writes it in the list's form.
enum SizeRule {
    static let rule = Rule(
        id: .badSize,
        summary: "A size is not AMOUNT UNIT or COUNT x AMOUNT UNIT with UNIT one of g, kg, ml, cl, dl, l, pcs (500 g, 6 x 330 ml).",
        check: { context in
            let nodes = context.nodes
            for record in context.records where record.offset(.size) != 0 {
                let item = context.item(record)
                guard let value = item.valueNode(.size), nodes.isScalar(value), let bytes = item.text(.size) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                guard PackSize(text) == nil else { continue }
                let units = PackSize.units.joined(separator: ", ")
                if let meant = PackSize.reading(text) {
                    let span = ValueRules.valueSpan(value, in: context)
                    context.report(
                        value, "size \"\(text)\" is written \"\(meant)\" in a list",
                        fixes: [Fix(title: "write \(meant)", isSafe: true, edits: [TextEdit(span: span, replacement: meant.description)])])
                } else {
                    context.report(
                        value,
                        "size \"\(text)\" is not a size; write AMOUNT UNIT or COUNT x AMOUNT UNIT with UNIT one of \(units), as in \"500 g\" or \"6 x 330 ml\""
                    )
                }
            }
        })
}
