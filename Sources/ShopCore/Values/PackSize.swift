/// What one unit of an item holds, the value of `size`: `AMOUNT UNIT` (`500 g`, `1.5 l`) or
/// `COUNT x AMOUNT UNIT` (`6 x 330 ml`), with UNIT one of ``units``.
///
/// A list writes a size in that form, one space apart, with `.` for decimals; the `bad-size` rule
/// reports any other. An import reads the spellings people type too (``reading(_:)``: `500g`,
/// `1,5 l`, `6x330ml`, `1.5 L`) and writes them in the list's form, so that two spellings of one
/// size are one size. Sizes are compared by what they say: `500 g` equals `500.0 g`.
public struct PackSize: Hashable, Sendable, CustomStringConvertible {
    /// The units a size is given in.
    public static let units = ["g", "kg", "ml", "cl", "dl", "l", "pcs"]

    /// The units of weight and volume: an amount in one of them before a price is what the price
    /// buys (`coffee 500 g 7.99`).
    public static let measures = ["g", "kg", "ml", "cl", "dl", "l"]

    /// Whether the unit is one of weight or volume.
    public var isMeasure: Bool { Self.measures.contains(unit) }

    /// How many packs of ``amount`` one unit holds (`6` of `6 x 330 ml`); nil for one.
    public var count: Int?
    /// The amount: more than 0, at most 3 decimals.
    public var amount: DecimalNumber
    /// One of ``units``.
    public var unit: String

    /// A size from its parts; nil when they break the rules above.
    public init?(count: Int? = nil, amount: DecimalNumber, unit: String) {
        guard Self.units.contains(unit), amount > DecimalNumber(0), amount.significantDecimals <= 3,
            amount < ValueReading.limit
        else { return nil }
        if let count, count < 1 || count >= 1_000_000 { return nil }
        self.count = count
        self.amount = amount.normalized
        self.unit = unit
    }

    /// A size written as a list writes it (`500 g`, `6 x 330 ml`, spaces at the ends allowed);
    /// nil for any other text.
    public init?(_ text: some StringProtocol) {
        // Spaces at the ends, one between the parts.
        var whole = Substring(String(text))
        while whole.first == " " { whole = whole.dropFirst() }
        while whole.last == " " { whole = whole.dropLast() }
        let parts = whole.split(separator: " ", omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            guard let amount = Self.plainDecimal(parts[0]) else { return nil }
            self.init(amount: amount, unit: String(parts[1]))
        case 4:
            guard parts[1] == "x", let count = Self.wholeNumber(parts[0]), let amount = Self.plainDecimal(parts[2]) else {
                return nil
            }
            self.init(count: count, amount: amount, unit: String(parts[3]))
        default:
            return nil
        }
    }

    /// The size a person's spelling gives: the list's form, and also without spaces (`500g`,
    /// `6x330ml`), with `×` or `X` for `x`, a decimal comma (`1,5 l`), units in capitals (`1 L`)
    /// and the spellings of ``KnownUnits`` (`gr`, `ltr`, `pc`) that are one of ``units``.
    public static func reading(_ text: some StringProtocol) -> PackSize? {
        if let size = PackSize(text) { return size }
        var rest = Substring(String(text)).strippedOfWhiteSpace
        func number() -> Substring? {
            let digits = rest.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count).strippedOfWhiteSpace
            return digits
        }
        guard let first = number() else { return nil }
        var count: Int?
        var amountText = first
        if let sign = rest.first, "xX×*".contains(sign) {
            rest = rest.dropFirst().strippedOfWhiteSpace
            guard let whole = wholeNumber(first), let second = number() else { return nil }
            count = whole
            amountText = second
        }
        guard !rest.isEmpty, let amount = decimal(amountText), let unit = unit(rest) else { return nil }
        return PackSize(count: count, amount: amount, unit: unit)
    }

    /// The unit of ``units`` a word spells, in any case or a spelling ``KnownUnits`` knows.
    static func unit(_ word: some StringProtocol) -> String? {
        let lower = word.lowercased()
        if units.contains(lower) { return lower }
        guard let known = KnownUnits.unit(spelled: Substring(word)) else { return nil }
        return units.contains(known.written) ? known.written : nil
    }

    /// The size as a list writes it: `500 g`, `6 x 330 ml`.
    public var description: String {
        (count.map { "\($0) x " } ?? "") + amount.description + " " + unit
    }

    /// `12`, `1.5`, `.5`: digits with at most one `.`.
    private static func plainDecimal(_ text: Substring) -> DecimalNumber? {
        guard text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }) else { return nil }
        return DecimalNumber(String(text))
    }

    /// A decimal with `.` or one decimal comma followed by at most three digits.
    private static func decimal(_ text: Substring) -> DecimalNumber? {
        if let plain = plainDecimal(text) { return plain }
        let commas = text.filter { $0 == "," }.count
        guard commas == 1, !text.contains("."), let comma = text.firstIndex(of: ","),
            text[text.index(after: comma)...].count < 3
        else { return nil }
        return plainDecimal(Substring(String(text).replacingComma()))
    }

    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
