/// Currency symbols and codes written around a price (`€3.49`, `3,49 €`, `3.49 EUR`, `$3`), and the
/// currencies each symbol stands for.
public enum CurrencyMarker {
    /// Each symbol and the ISO 4217 codes of the currencies written with it. `$` stands for the
    /// dollar currencies only; other currencies that use it (pesos) are written with their code.
    public static let symbols: [(symbol: String, codes: [String])] = [
        ("US$", ["USD"]), ("A$", ["AUD"]), ("C$", ["CAD"]), ("NZ$", ["NZD"]), ("HK$", ["HKD"]), ("S$", ["SGD"]),
        ("R$", ["BRL"]),
        (
            "$",
            [
                "USD", "AUD", "BBD", "BMD", "BND", "BSD", "BZD", "CAD", "FJD", "GYD", "HKD", "JMD", "KYD", "LRD", "NAD",
                "NZD", "SBD", "SGD", "SRD", "TTD", "TWD", "XCD", "ZWL",
            ]
        ),
        ("€", ["EUR"]), ("£", ["GBP"]), ("¥", ["JPY", "CNY"]), ("円", ["JPY"]), ("元", ["CNY"]), ("₹", ["INR"]), ("₩", ["KRW"]), ("₽", ["RUB"]),
        ("₺", ["TRY"]), ("₪", ["ILS"]), ("₫", ["VND"]), ("฿", ["THB"]), ("₴", ["UAH"]), ("₦", ["NGN"]),
        ("₱", ["PHP"]), ("₲", ["PYG"]), ("₡", ["CRC"]), ("₵", ["GHS"]), ("₸", ["KZT"]), ("₼", ["AZN"]),
        ("₾", ["GEL"]), ("zł", ["PLN"]), ("Kč", ["CZK"]), ("Ft", ["HUF"]), ("kr", ["SEK", "NOK", "DKK", "ISK"]),
    ]

    /// The codes of the currencies `marker` (a symbol or a code, as written) can stand for: a
    /// symbol's, or the code itself in capitals.
    public static func codes(of marker: String) -> [String] {
        symbols.first { $0.symbol == marker }?.codes ?? [marker.uppercased()]
    }

    /// Whether `marker` (a symbol or a code, as written) stands for the currency `code`.
    public static func marker(_ marker: String, standsFor code: String) -> Bool {
        if marker.uppercased() == code { return true }
        return symbols.contains { $0.symbol == marker && $0.codes.contains(code) }
    }

    /// The marker and the amount of a price written with a currency symbol or code before or after
    /// it (a space between them or not); the amount with `.` as the separator, also where it was
    /// written with one decimal comma. Nil when the text is not such a price.
    static func split(_ text: String) -> (marker: String, amount: String)? {
        for candidate in markers(in: text) {
            var rest = text
            if text.hasPrefix(candidate) {
                rest = String(text.dropFirst(candidate.count))
            } else if text.hasSuffix(candidate) {
                rest = String(text.dropLast(candidate.count))
            } else {
                continue
            }
            rest = rest.trimmingWhiteSpace()
            if DecimalNumber(rest) != nil { return (candidate, rest) }
            if rest.filter({ $0 == "," }).count == 1, !rest.contains("."), DecimalNumber(rest.replacingComma()) != nil {
                return (candidate, rest.replacingComma())
            }
        }
        return nil
    }

    /// The symbols, and a three-letter code at either end, that could mark `text`.
    private static func markers(in text: String) -> [String] {
        var result = symbols.map(\.symbol).filter { text.hasPrefix($0) || text.hasSuffix($0) }
        for code in [String(text.prefix(3)), String(text.suffix(3))]
        where code.count == 3 && code.allSatisfy({ $0.isASCII && $0.isLetter }) && Currency.minorUnits[code.uppercased()] != nil {
            result.append(code)
        }
        return result
    }
}
