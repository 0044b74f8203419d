import YAML

/// `unknown-currency`: the currency is not an ISO 4217 code with a minor unit.
enum CurrencyRule {
    static let rule = Rule(
        id: .unknownCurrency, summary: "The currency is not an ISO 4217 code with a minor unit.",
        check: { context in
            let nodes = context.nodes
            let value = Int(context.layout.currency)
            guard value >= 0, nodes.isScalar(value), !nodes.isNull(value) else { return }
            let code = context.text(value)
            guard Currency(code: code) == nil else { return }
            var fixes: [Fix] = []
            if let suggestion = Currency.suggestion(for: code) {
                fixes.append(
                    Fix(title: "write \(suggestion)", isSafe: false, edits: [TextEdit(span: context.span(of: value), replacement: suggestion)]))
            }
            context.report(value, Currency.unknownCodeMessage(code), fixes: fixes)
        })
}
