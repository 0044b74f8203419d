import YAML

/// A decimal written with a comma inside a flow mapping, `{price: 3,49}`: YAML reads the comma as
/// the end of the entry, so the price is `3` and `49` is a key without a value. Reading that as a
/// price of 3.00 would be a silent misreading of money, so the decoder reports it and the formatter
/// keeps the two together, as written.
struct SplitDecimal {
    /// The key node that holds the digits after the comma.
    let fractionKey: Int
    /// The number as meant: `3.49`.
    let decimal: String
    /// How many digits follow the comma.
    let fractionDigits: Int
    /// The currency symbol or code written before the digits or after the fraction (`€ 3,49`,
    /// `3,49 EUR`), when there is one.
    let marker: String?

    /// The split after the value `value` of a price or quantity, when the next entry of the
    /// mapping (which ends at `mappingEnd`) is a key of plain digits with no value and `value` is
    /// plain digits too. A currency marker may stand before the whole part or after the fraction:
    /// `{price: € 3,49}` is as much a split price as `{price: 3,49}`.
    static func after(value: Int, mappingEnd: Int, nodes: RawNodes) -> SplitDecimal? {
        guard nodes.isScalar(value), nodes.isPlain(value) else { return nil }
        let key = nodes.subtreeEnd(value)
        guard key < mappingEnd, nodes.isScalar(key), nodes.isPlain(key) else { return nil }
        let keyValue = nodes.subtreeEnd(key)
        guard keyValue < mappingEnd, nodes.isScalar(keyValue), nodes.isPlain(keyValue), nodes.value(keyValue).isEmpty
        else { return nil }
        var marker: String?
        var whole = String(decoding: nodes.value(value), as: UTF8.self)
        var digits = String(decoding: nodes.value(key), as: UTF8.self)
        if !isDigits(whole) {
            guard let priced = CurrencyMarker.split(whole), whole.hasPrefix(priced.marker), isDigits(priced.amount) else {
                return nil
            }
            (marker, whole) = (priced.marker, priced.amount)
        }
        if !isDigits(digits) {
            guard marker == nil, let priced = CurrencyMarker.split(digits), digits.hasSuffix(priced.marker),
                isDigits(priced.amount)
            else { return nil }
            (marker, digits) = (priced.marker, priced.amount)
        }
        return SplitDecimal(
            fractionKey: key, decimal: whole + "." + digits, fractionDigits: digits.utf8.count, marker: marker)
    }

    /// What the finding says: what YAML read, and what to write.
    func message(key: String, flow: Bool) -> String {
        let parts = decimal.split(separator: ".")
        let what = flow ? "in a flow mapping ',' separates entries" : "a key of digits without a value follows the \(key)"
        // Three digits after the comma may be a thousands separator.
        let advice = fractionDigits == 3 ? "write \(decimal) or \(parts.joined())" : "write \(decimal)"
        return "\(what): this is \(key) \(parts[0]) and a key \(parts[1]); \(advice)"
    }

    private static func isDigits(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= 18 && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
