import YAML

/// Walks the items of a list that are in scope, reading each item's values straight from the
/// document's nodes and lending its texts as borrowed bytes, so that exporting a large list
/// allocates nothing per item.
///
/// Only lists without check errors are exported, so every value here is valid; a value that is
/// not (which `check` would have reported) reads as absent, as it does in ``Item``.
enum ExportedItems {
    /// One item during the walk; valid only inside the walk's closure.
    struct Entry {
        let nodes: RawNodes
        /// The value node of each known key, in ``ItemKey/position`` order (-1 when absent).
        var valueNodes = InlineArray<9, Int32>(repeating: -1)
        /// The price of one unit.
        var price: DecimalNumber?
        /// The written quantity.
        var quantity: DecimalNumber?
        var buy = false
        var done = false

        /// How many units: the written quantity, or 1.
        var effectiveQuantity: DecimalNumber { quantity ?? DecimalNumber(1) }

        /// The text of a key's value as UTF-8, by the rules of ``Item``'s text properties: nil when
        /// absent, null or not a scalar, and (except for the name) when only spaces and tabs.
        @inline(__always)
        func text(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
            guard let bytes = value(key) else { return nil }
            if key != .name && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
            return bytes
        }

        /// The value of a key when it is a scalar that is not null.
        @inline(__always)
        func value(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
            let node = Int(valueNodes[key.position])
            guard node >= 0, nodes.isScalar(node) else { return nil }
            let bytes = nodes.value(node)
            // What RawNodes.isNull checks, on the bytes already at hand: a plain empty, `~` or
            // `null` in any case.
            if nodes.isPlain(node) {
                switch bytes.count {
                case 0: return nil
                case 1 where bytes[0] == UInt8(ascii: "~"): return nil
                case 4
                where bytes[0] | 0x20 == UInt8(ascii: "n") && bytes[1] | 0x20 == UInt8(ascii: "u")
                    && bytes[2] | 0x20 == UInt8(ascii: "l") && bytes[3] | 0x20 == UInt8(ascii: "l"):
                    return nil
                default: break
                }
            }
            return bytes
        }
    }

    /// Calls `body` with each item of `list` in `scope`, in file order.
    static func forEach(in list: ShoppingList, scope: ItemScope, _ body: (Entry) -> Void) {
        list.document.withRawNodes { nodes in
            for mapping in list.itemNodes {
                let entry = read(Int(mapping), nodes: nodes)
                guard scope == .all || entry.buy else { continue }
                body(entry)
            }
        }
    }

    /// Reads one item mapping: where each known key's value is, and the numbers and flags.
    static func read(_ mapping: Int, nodes: RawNodes) -> Entry {
        var entry = Entry(nodes: nodes)
        for (key, value) in nodes.entries(of: mapping) {
            guard nodes.isScalar(key), let known = ItemKey.matching(nodes.value(key)) else { continue }
            // A repeated key is a check error; like ItemDecoder, the first one counts.
            guard entry.valueNodes[known.position] < 0 else { continue }
            entry.valueNodes[known.position] = Int32(value)
        }
        if let bytes = entry.value(.price) { entry.price = decimal(bytes) }
        if let bytes = entry.value(.quantity) { entry.quantity = decimal(bytes) }
        if let bytes = entry.value(.buy) { entry.buy = ValueReading.bool(bytes) ?? false }
        if let bytes = entry.value(.done) { entry.done = ValueReading.bool(bytes) ?? false }
        return entry
    }

    /// Reads a decimal; short numbers (every valid price and quantity but those written with many
    /// trailing zeros) in 64-bit arithmetic.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        guard bytes.count <= 18 else { return DecimalNumber.parse(bytes) }
        var units: UInt64 = 0
        var scale = 0
        var sawDot = false
        var digits = 0
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                units = units * 10 + UInt64(byte - 0x30)
                digits += 1
                if sawDot { scale += 1 }
            } else if byte == UInt8(ascii: ".") && !sawDot {
                sawDot = true
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return DecimalNumber(units: Int128(units), scale: scale)
    }
}
