import YAML

/// The rules on numbers: `bad-price` and `bad-quantity`. The message says what was meant where it
/// can tell; writing that is a safe fix for a decimal comma that cannot be a thousands separator
/// and for the file's own currency written around a price.
enum ValueRules {
    /// `bad-price`.
    static let badPrice = Rule(
        id: .badPrice,
        summary:
            "A price is negative, not a plain decimal with '.', has more decimals than the currency allows, or is 1,000,000,000 or more.",
        check: { context in check(.price, &context) })

    /// `bad-quantity`.
    static let badQuantity = Rule(
        id: .badQuantity,
        summary:
            "A quantity is zero, negative, not a plain decimal with '.', has more than 3 decimals, or is 1,000,000,000 or more.",
        check: { context in check(.quantity, &context) })

    private static func check(_ key: ItemKey, _ context: inout CheckContext) {
        let nodes = context.nodes
        let mark: ItemRecord.Marks = key == .price ? .badPrice : .badQuantity
        let allowed = key == .price ? context.decimals : 3
        let currency = context.list.currency
        for record in context.records where record.marks.contains(mark) {
            guard let value = context.item(record).valueNode(key) else { continue }
            let mapping = Int(record.node)
            if let split = SplitDecimal.after(value: value, mappingEnd: nodes.subtreeEnd(mapping), nodes: nodes) {
                let whole = SourceSpan(start: context.span(of: value).start, end: context.span(of: split.fractionKey).end)
                let decimal = canonical(split.decimal, key, allowed: allowed)
                // A symbol is dropped safely only when it is the list's own currency's.
                let ownMarker = split.marker.map { marker in
                    currency.map { CurrencyMarker.marker(marker, standsFor: $0.code) } ?? false
                } ?? true
                let fix = Fix(
                    title: "write \(decimal)",
                    isSafe: split.fractionDigits < 3 && split.fractionDigits <= allowed && ownMarker,
                    edits: [TextEdit(span: whole, replacement: decimal)])
                context.report(value, split.message(key: key.rawValue, flow: nodes.isFlow(mapping)), fixes: [fix])
                continue
            }
            let bytes = nodes.value(value)
            let reading =
                key == .price
                ? ValueReading.price(bytes, decimals: allowed, currencyCode: currency?.code)
                : ValueReading.quantity(bytes)
            guard case .failure(let problem) = reading else { continue }
            context.report(
                value, problem.message,
                fixes: fixes(for: problem, key, at: valueSpan(value, in: context), allowed: allowed, currency: currency))
        }
    }

    /// What a fix of a value replaces: the whole scalar, but for the line break that ends a block
    /// scalar (`price: |` and its lines), which the next key needs.
    static func valueSpan(_ value: Int, in context: CheckContext) -> SourceSpan {
        var span = context.span(of: value)
        let style = context.nodes.scalarStyle(value)
        guard style == .literal || style == .folded else { return span }
        let bytes = context.source.bytes
        while span.end > span.start, bytes[span.end - 1] == 0x0A || bytes[span.end - 1] == 0x0D { span.end -= 1 }
        return span
    }

    /// The fixes a problem of `key`'s value has: what was meant, written as a decimal the way the
    /// canonical form writes it (so that the fix says what the file will hold); safe only where
    /// nothing else could have been meant.
    static func fixes(for problem: ValueProblem, _ key: ItemKey, at span: SourceSpan, allowed: Int, currency: Currency?) -> [Fix] {
        let meant: String
        let isSafe: Bool
        switch problem.kind {
        case .decimalComma(let decimal, let fractionDigits):
            (meant, isSafe) = (decimal, fractionDigits < 3 && fractionDigits <= allowed)
        case .currency(let marker, let amount):
            (meant, isSafe) = (amount, currency.map { CurrencyMarker.marker(marker, standsFor: $0.code) } ?? false)
        case .fraction(let decimal), .numberWithSuffix(let decimal, _):
            (meant, isSafe) = (decimal, false)
        case .spacesAround, .plusSign:
            let trimmed = canonical(String(problem.text.trimmingWhiteSpace().drop { $0 == "+" }), key, allowed: allowed)
            return [Fix(title: "write \(trimmed)", isSafe: false, edits: [TextEdit(span: span, replacement: trimmed)])]
        default:
            return []
        }
        // `1,5` in yen: no decimal the currency allows means what was written.
        guard let value = DecimalNumber(meant), value.significantDecimals <= allowed else { return [] }
        let written = canonical(meant, key, allowed: allowed)
        return [Fix(title: "write \(written)", isSafe: isSafe, edits: [TextEdit(span: span, replacement: written)])]
    }

    /// A decimal as the canonical form writes `key`'s value: a price with the currency's decimals
    /// (`1.50`), when it has no more than those; anything else as it is.
    static func canonical(_ decimal: String, _ key: ItemKey, allowed: Int) -> String {
        guard key == .price, let value = DecimalNumber(decimal), value.significantDecimals <= allowed else { return decimal }
        return value.formatted(decimals: allowed)
    }
}
