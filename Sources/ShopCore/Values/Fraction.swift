/// Fractions as people write quantities: `½`, `1/2`, `1 1/2`, `1½`.
enum Fraction {
    /// The vulgar fraction characters and their numerators and denominators.
    static let characters: [Character: (numerator: Int, denominator: Int)] = [
        "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
        "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅐": (1, 7), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8),
        "⅑": (1, 9), "⅒": (1, 10),
    ]

    /// The exact decimal value of a fraction with an optional whole part before it; nil when the
    /// text is not such a fraction, or its value has no finite decimal form (`1/3`).
    static func value(of text: String) -> DecimalNumber? {
        var whole = 0
        var rest = Substring(text)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let afterDigits = rest.dropFirst(digits.count)
        // A whole part is followed by a space (`1 1/2`) or a fraction character (`1½`).
        if !digits.isEmpty, let next = afterDigits.first, next == " " || characters[next] != nil {
            guard digits.count <= 9, let number = Int(digits) else { return nil }
            whole = number
            rest = next == " " ? afterDigits.dropFirst() : afterDigits
        }
        let numerator: Int
        let denominator: Int
        if rest.count == 1, let character = rest.first, let known = characters[character] {
            (numerator, denominator) = known
        } else {
            let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let top = Int(parts[0]), let bottom = Int(parts[1]), bottom > 0
            else { return nil }
            (numerator, denominator) = (top, bottom)
        }
        // A finite decimal needs a denominator of only twos and fives.
        var reduced = denominator / greatestCommonDivisor(numerator, denominator)
        var scale = 0
        var factor: Int128 = 1
        while reduced % 2 == 0 || reduced % 5 == 0 {
            if reduced % 2 == 0 { reduced /= 2 } else { reduced /= 5 }
            scale += 1
            factor *= 10
        }
        guard reduced == 1, scale <= 6 else { return nil }
        let units = Int128(whole) * factor + Int128(numerator) * factor / Int128(denominator)
        return DecimalNumber(units: units, scale: scale).normalized
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}
