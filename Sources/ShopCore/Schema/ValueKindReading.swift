/// How each kind of value is read and how the formatter writes it: the one place for both, which
/// decoding, the canonical form and the editor share.
extension ValueKind {
    /// What a value reads as.
    enum Reading {
        /// Text, kept as written.
        case text
        /// A valid price or quantity.
        case decimal(DecimalNumber)
        /// A valid flag.
        case flag(Bool)
        /// A value that breaks the kind's rule.
        case invalid
    }

    /// Reads a non-null scalar value by shop's rules; prices with at most `decimals` decimals.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int) -> Reading {
        switch self {
        case .text:
            return .text
        case .price:
            if case .success(let price) = ValueReading.price(bytes, decimals: decimals, currencyCode: nil) {
                return .decimal(price)
            }
            return .invalid
        case .quantity:
            if case .success(let quantity) = ValueReading.quantity(bytes) { return .decimal(quantity) }
            return .invalid
        case .flag:
            return ValueReading.bool(bytes).map(Reading.flag) ?? .invalid
        }
    }

    /// The canonical text of a valid decimal of this kind: prices with exactly `decimals`
    /// decimals (`4.20`), quantities in shortest form (`0.5`).
    func canonicalText(_ value: DecimalNumber, decimals: Int) -> String {
        self == .price ? value.formatted(decimals: decimals) : value.normalized.description
    }

    /// The canonical text of a flag.
    static func canonicalText(_ flag: Bool) -> String {
        flag ? "true" : "false"
    }

    /// Whether `bytes`, a valid value of this kind, are written the canonical way already.
    func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>, decimals: Int) -> Bool {
        switch self {
        case .text: true
        case .price: CanonicalText.isPrice(bytes, decimals: decimals)
        case .quantity: CanonicalText.isShortestDecimal(bytes)
        case .flag: bytesEqual(bytes, "true") || bytesEqual(bytes, "false")
        }
    }
}
