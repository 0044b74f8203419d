/// Reads the values of known keys by shop's own rules (not YAML 1.1 type guessing), and explains
/// what is wrong with a value that does not qualify.
public enum ValueReading {
    /// The largest price or quantity accepted is just under this.
    public static let limit = DecimalNumber(1_000_000_000)

    /// Reads a bool: `true`/`false`, `yes`/`no`, `on`/`off`, in any case.
    public static func bool(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bool($0) }
    }

    static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.count >= 2 && bytes.count <= 5 else { return nil }
        var lower: UInt64 = 0
        for byte in bytes { lower = lower << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        switch lower {
        case 0x74_72_75_65, 0x79_65_73, 0x6F_6E: return true  // true, yes, on
        case 0x66_61_6C_73_65, 0x6E_6F, 0x6F_66_66: return false  // false, no, off
        default: return nil
        }
    }

    /// Checks a price: a decimal of at least 0, with at most `decimals` decimals that carry value,
    /// under 1,000,000,000. Returns the price or why it is not one.
    public static func price(_ text: String, decimals: Int, currencyCode: String?) -> Result<DecimalNumber, ValueProblem> {
        var text = text
        return text.withUTF8 { price($0, decimals: decimals, currencyCode: currencyCode) }
    }

    static func price(
        _ bytes: UnsafeBufferPointer<UInt8>, decimals: Int, currencyCode: String?
    ) -> Result<DecimalNumber, ValueProblem> {
        var text: String { String(decoding: bytes, as: UTF8.self) }
        guard let reading = DecimalNumber.read(bytes) else {
            return .failure(notADecimal(text, key: "price"))
        }
        let value = reading.value
        let places = reading.significantDecimals
        if places > decimals {
            let allowed = decimals == 0 ? "no decimals" : (decimals == 1 ? "1 decimal" : "\(decimals) decimals")
            let owner = currencyCode.map { "\($0) allows" } ?? "prices allow (without a currency)"
            return .failure(
                ValueProblem("price \"\(text)\" has \(places) decimal\(places == 1 ? "" : "s"); \(owner) \(allowed)"))
        }
        if reading.integerDigits > 9 {
            return .failure(ValueProblem("price \"\(text)\" is too large; prices must be under 1,000,000,000"))
        }
        return .success(value)
    }

    /// Checks a quantity: a decimal above 0 with at most 3 decimals, under 1,000,000,000.
    public static func quantity(_ text: String) -> Result<DecimalNumber, ValueProblem> {
        var text = text
        return text.withUTF8 { quantity($0) }
    }

    static func quantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<DecimalNumber, ValueProblem> {
        var text: String { String(decoding: bytes, as: UTF8.self) }
        guard let reading = DecimalNumber.read(bytes) else {
            return .failure(notADecimal(text, key: "quantity"))
        }
        let value = reading.value
        if value.isZero {
            return .failure(
                ValueProblem("quantity \"\(text)\" must be more than 0; to take an item off the list, use \"buy: false\""))
        }
        let places = reading.significantDecimals
        if places > 3 {
            return .failure(ValueProblem("quantity \"\(text)\" has \(places) decimals; at most 3 are allowed"))
        }
        if reading.integerDigits > 9 {
            return .failure(ValueProblem("quantity \"\(text)\" is too large; quantities must be under 1,000,000,000"))
        }
        return .success(value)
    }

    /// Explains why `text` is not a plain decimal, as specifically as possible.
    static func notADecimal(_ text: String, key: String) -> ValueProblem {
        let trimmed = text.trimmingWhiteSpace()
        let start = "\(key) \"\(text)\""
        if trimmed.isEmpty {
            return ValueProblem("\(start) is empty; write a number such as 2.50 or remove the key")
        }
        if trimmed != text, DecimalNumber(trimmed) != nil {
            return ValueProblem("\(start) has spaces around the number; remove them")
        }
        if trimmed.hasPrefix("-"), DecimalNumber(String(trimmed.dropFirst())) != nil {
            let kind = key == "price" ? "prices are 0 or more" : "quantities are more than 0"
            return ValueProblem("\(start) is negative; \(kind)")
        }
        if trimmed.hasPrefix("+"), DecimalNumber(String(trimmed.dropFirst())) != nil {
            return ValueProblem("\(start) is not a decimal: remove the \"+\"")
        }
        let digitsOnly = trimmed.filter { $0 != "," && $0 != "." && $0 != " " && $0 != "_" && $0 != "'" }
        let allDigits = !digitsOnly.isEmpty && digitsOnly.allSatisfy { $0.isASCII && $0.isNumber }
        if allDigits && trimmed.contains(",") {
            let commas = trimmed.filter { $0 == "," }.count
            let afterComma = trimmed.split(separator: ",", omittingEmptySubsequences: false).last?.count ?? 0
            if trimmed.contains(".") || commas > 1 {
                return ValueProblem("\(start) is not a decimal: remove the thousands separators")
            }
            if afterComma == 3 {
                return ValueProblem(
                    "\(start) is not a decimal: use \".\" as the decimal separator and no thousands separators")
            }
            return ValueProblem("\(start) is not a decimal: use \".\" as the decimal separator")
        }
        if allDigits && (trimmed.contains("_") || trimmed.contains(" ") || trimmed.contains("'")) {
            return ValueProblem("\(start) is not a decimal: remove the thousands separators")
        }
        let lower = trimmed.lowercased()
        if lower.contains("e"), lower.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" }) {
            return ValueProblem("\(start) is not a decimal: write the number without an exponent")
        }
        let symbols: Set<Character> = ["$", "€", "£", "¥", "₹", "₩", "₽", "¢", "₺", "₪", "₫", "฿", "₴", "₦"]
        let withoutSymbols = trimmed.filter { !symbols.contains($0) && !$0.isLetter }.trimmingWhiteSpace()
        if withoutSymbols != trimmed, !withoutSymbols.isEmpty, DecimalNumber(withoutSymbols.replacingComma()) != nil {
            return ValueProblem("\(start) is not a decimal: write only the number, without a currency")
        }
        return ValueProblem("\(start) is not a decimal number; write digits with \".\" for decimals, such as 3.49")
    }
}

/// Why a value does not qualify for its key, in words for the person who wrote it.
public struct ValueProblem: Error, Hashable, Sendable {
    /// The explanation.
    public var message: String

    /// Creates a problem.
    public init(_ message: String) {
        self.message = message
    }
}

extension String {
    func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    func replacingComma() -> String {
        String(map { $0 == "," ? "." : $0 })
    }
}
