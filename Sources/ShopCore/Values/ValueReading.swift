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
        checked(bytes, key: "price", decimals: decimals, currencyCode: currencyCode)
    }

    /// A price or (`key` "quantity") a quantity: a decimal, not negative, a quantity not 0, with
    /// at most `decimals` decimals that carry value, under 1,000,000,000.
    private static func checked(
        _ bytes: UnsafeBufferPointer<UInt8>, key: String, decimals: Int, currencyCode: String?
    ) -> Result<DecimalNumber, ValueProblem> {
        func problem(_ kind: ValueProblem.Kind) -> ValueProblem {
            ValueProblem(key: key, text: String(decoding: bytes, as: UTF8.self), kind: kind)
        }
        guard let reading = DecimalNumber.read(bytes) else {
            return .failure(problem(diagnose(String(decoding: bytes, as: UTF8.self))))
        }
        if key == "quantity" && reading.value.isZero { return .failure(problem(.zero)) }
        if reading.significantDecimals > decimals {
            return .failure(
                problem(.tooManyDecimals(places: reading.significantDecimals, allowed: decimals, currencyCode: currencyCode)))
        }
        if reading.integerDigits > 9 { return .failure(problem(.tooLarge)) }
        return .success(reading.value)
    }

    /// Checks a price a person typed (on the command line, in an import) as ``price(_:decimals:currencyCode:)``
    /// checks one in a file, and refuses one that ``ambiguousPoint(_:decimals:)`` finds.
    public static func typedPrice(_ text: String, decimals: Int, currencyCode: String?) -> Result<DecimalNumber, ValueProblem> {
        // Asked first: `1.500` in yen is ambiguous before it has too many decimals.
        if let written = DecimalNumber(text), let kind = ambiguousPoint(written, decimals: decimals) {
            return .failure(ValueProblem(key: "price", text: text, kind: kind))
        }
        return price(text, decimals: decimals, currencyCode: currencyCode)
    }

    /// `1.500` typed where prices have fewer than three decimals: most often 1500 with a
    /// thousands separator (as German writes it), seldom 1.5 with a zero too many, and money is
    /// not guessed. `written` keeps the decimals as written; nil when it is not such a price.
    public static func ambiguousPoint(_ written: DecimalNumber, decimals: Int) -> ValueProblem.Kind? {
        decimals < 3 ? pointCouldSeparateThousands(written) : nil
    }

    /// `1.500`, a whole part and exactly three decimals: a point between thousands where `,` is
    /// the decimal separator, a decimal point where `.` is. Nil for anything else (`0.500`).
    public static func pointCouldSeparateThousands(_ written: DecimalNumber) -> ValueProblem.Kind? {
        guard written.scale == 3, written.units.magnitude >= 1000 else { return nil }
        return .ambiguousPoint(whole: String(written.units), decimal: written.normalized.description)
    }

    /// Checks a quantity: a decimal above 0 with at most 3 decimals, under 1,000,000,000.
    public static func quantity(_ text: String) -> Result<DecimalNumber, ValueProblem> {
        var text = text
        return text.withUTF8 { quantity($0) }
    }

    static func quantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<DecimalNumber, ValueProblem> {
        checked(bytes, key: "quantity", decimals: 3, currencyCode: nil)
    }

    /// Why `text` is not a plain decimal, as specifically as possible.
    static func diagnose(_ text: String) -> ValueProblem.Kind {
        let trimmed = text.trimmingWhiteSpace()
        if trimmed.isEmpty { return .empty }
        if trimmed != text, DecimalNumber(trimmed) != nil { return .spacesAround }
        if trimmed.hasPrefix("-"), DecimalNumber(String(trimmed.dropFirst())) != nil { return .negative }
        if trimmed.hasPrefix("+"), DecimalNumber(String(trimmed.dropFirst())) != nil { return .plusSign }
        if let separators = separatorProblem(trimmed) { return separators }
        let lower = trimmed.lowercased()
        if lower.contains("e"), lower.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" || $0 == "+" }) {
            return .exponent
        }
        if let fraction = Fraction.value(of: trimmed) { return .fraction(decimal: fraction.description) }
        if let (marker, amount) = CurrencyMarker.split(trimmed) { return .currency(marker: marker, amount: amount) }
        if let (number, suffix) = numberWithSuffix(trimmed) { return .numberWithSuffix(number: number, suffix: suffix) }
        return .notADecimal
    }

    /// Commas, spaces, underscores and apostrophes between digits; nil when there are none.
    static func separatorProblem(_ text: String) -> ValueProblem.Kind? {
        let digitsOnly = text.filter { $0 != "," && $0 != "." && $0 != " " && $0 != "_" && $0 != "'" }
        guard !digitsOnly.isEmpty, digitsOnly.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let others = text.contains(" ") || text.contains("_") || text.contains("'")
        guard text.contains(",") else { return others ? .thousandsSeparators : nil }
        let commas = text.filter { $0 == "," }.count
        if text.contains(".") || commas > 1 || others { return .thousandsSeparators }
        let afterComma = text.split(separator: ",", omittingEmptySubsequences: false).last?.count ?? 0
        if afterComma == 3 { return .ambiguousComma }
        guard let decimal = DecimalNumber(text.replacingComma()) else { return .notADecimal }
        return .decimalComma(decimal: decimal.description, fractionDigits: afterComma)
    }

    /// `2kg`, `2x`, `500 g`: a decimal, then letters only.
    static func numberWithSuffix(_ text: String) -> (number: String, suffix: String)? {
        guard let split = text.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == ".")) }),
            split > text.startIndex, let value = DecimalNumber(String(text[..<split]))
        else { return nil }
        let suffix = String(text[split...]).trimmingWhiteSpace()
        guard !suffix.isEmpty, suffix.allSatisfy(\.isLetter) else { return nil }
        return (value.description, suffix)
    }
}

extension String {
    /// The text without the white space (Unicode's) at its ends.
    public func trimmingWhiteSpace() -> String {
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
