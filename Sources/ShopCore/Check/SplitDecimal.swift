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

    /// The split after the value `value` of a price or quantity, when the next entry of the
    /// mapping (which ends at `mappingEnd`) is a key of plain digits with no value and `value` is
    /// plain digits too.
    static func after(value: Int, mappingEnd: Int, nodes: RawNodes) -> SplitDecimal? {
        guard nodes.isScalar(value), nodes.isPlain(value), isDigits(nodes.value(value)) else { return nil }
        let key = nodes.subtreeEnd(value)
        guard key < mappingEnd, nodes.isScalar(key), nodes.isPlain(key) else { return nil }
        let keyValue = nodes.subtreeEnd(key)
        guard keyValue < mappingEnd, nodes.isScalar(keyValue), nodes.isPlain(keyValue), nodes.value(keyValue).isEmpty
        else { return nil }
        let fraction = nodes.value(key)
        guard isDigits(fraction) else { return nil }
        let whole = String(decoding: nodes.value(value), as: UTF8.self)
        let digits = String(decoding: fraction, as: UTF8.self)
        return SplitDecimal(fractionKey: key, decimal: whole + "." + digits, fractionDigits: fraction.count)
    }

    /// What the finding says: what YAML read, and what to write.
    func message(key: String, flow: Bool) -> String {
        let parts = decimal.split(separator: ".")
        let what = flow ? "in a flow mapping ',' separates entries" : "a key of digits without a value follows the \(key)"
        // Three digits after the comma may be a thousands separator.
        let advice = fractionDigits == 3 ? "write \(decimal) or \(parts.joined())" : "write \(decimal)"
        return "\(what): this is \(key) \(parts[0]) and a key \(parts[1]); \(advice)"
    }

    private static func isDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.count <= 18 && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}
