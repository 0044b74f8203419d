/// Why a value does not qualify as a price or quantity: what was written, for which key, and what is
/// wrong with it, as a value that fixes and messages both read.
public struct ValueProblem: Error, Hashable, Sendable {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// Nothing but white space.
        case empty
        /// A valid number with white space around it.
        case spacesAround
        /// A minus sign before a valid number.
        case negative
        /// A plus sign before a valid number.
        case plusSign
        /// One comma as the decimal separator: `3,49` is `decimal` `3.49`, with `fractionDigits`
        /// digits after the comma.
        case decimalComma(decimal: String, fractionDigits: Int)
        /// One comma before exactly three digits (`1,500`): a thousands separator or a decimal
        /// comma, nobody can tell.
        case ambiguousComma
        /// A typed price with a whole part and exactly three decimals where the currency has fewer
        /// (`1.500`): `whole` with a thousands separator, or `decimal` with a zero too many.
        case ambiguousPoint(whole: String, decimal: String)
        /// Separators between groups of digits (`1,000.50`, `1 000`, `1_000`).
        case thousandsSeparators
        /// An exponent (`1e3`).
        case exponent
        /// A currency symbol or code around a valid number (`€3.49`, `3.49 EUR`, `$3`); `marker`
        /// is the symbol or code as written, `amount` the number with `.` as its separator.
        case currency(marker: String, amount: String)
        /// A fraction (`½`, `1/2`, `1 1/2`) whose value is `decimal`.
        case fraction(decimal: String)
        /// A number followed by a unit or a multiplication sign (`2kg`, `2x`).
        case numberWithSuffix(number: String, suffix: String)
        /// Anything else that is not a decimal.
        case notADecimal
        /// More decimals than allowed: `places` written, `allowed` allowed, by the currency `code`
        /// (nil: the default for a file without a currency; quantities allow 3).
        case tooManyDecimals(places: Int, allowed: Int, currencyCode: String?)
        /// 1,000,000,000 or more.
        case tooLarge
        /// A quantity of zero.
        case zero
    }

    /// The key whose value this is: "price" or "quantity".
    public var key: String
    /// The value as written.
    public var text: String
    /// What is wrong.
    public var kind: Kind

    /// What is wrong and what to write instead, for a value in a file.
    public var message: String {
        let start = "\(key) \"\(text)\""
        switch kind {
        case .empty:
            return "\(start) is empty; write a number such as 2.50 or remove the key"
        case .spacesAround:
            return "\(start) has spaces around the number; remove them"
        case .negative:
            return "\(start) is negative; " + (key == "price" ? "prices are 0 or more" : "quantities are more than 0")
        case .plusSign:
            return "\(start) is not a decimal: remove the \"+\""
        case .decimalComma:
            return "\(start) is not a decimal: use \".\" as the decimal separator"
        case .ambiguousComma:
            return "\(start) is not a decimal: use \".\" as the decimal separator and no thousands separators"
        case .ambiguousPoint(let whole, let decimal):
            return "\(start) could mean \(whole) or \(decimal); write one of those"
        case .thousandsSeparators:
            return "\(start) is not a decimal: remove the thousands separators"
        case .exponent:
            return "\(start) is not a decimal: write the number without an exponent"
        case .currency:
            return "\(start) is not a decimal: write only the number, without a currency"
        case .fraction(let decimal):
            return "\(start) is not a decimal: write \(decimal)"
        case .numberWithSuffix(let number, let suffix):
            if key == "quantity", suffix.lowercased() != "x" {
                return "\(start) is not a decimal: write the number alone (\(number)) and \"\(suffix)\" under \"unit:\""
            }
            return "\(start) is not a decimal: write the number alone (\(number))"
        case .notADecimal:
            let example = key == "price" ? "3.49" : "2 or 0.5"
            return "\(start) is not a decimal number; write digits with \".\" for decimals, such as \(example)"
        case .tooManyDecimals(let places, let allowed, let code):
            if key == "quantity" {
                return "\(start) has \(places) decimals; at most \(allowed) are allowed"
            }
            let words = allowed == 0 ? "no decimals" : (allowed == 1 ? "1 decimal" : "\(allowed) decimals")
            let owner = code.map { "\($0) allows" } ?? "prices allow (without a currency)"
            return "\(start) has \(places) decimal\(places == 1 ? "" : "s"); \(owner) \(words)"
        case .tooLarge:
            return "\(start) is too large; \(key == "price" ? "prices" : "quantities") must be under 1,000,000,000"
        case .zero:
            return "\(start) must be more than 0; to take an item off the list, use \"buy: false\""
        }
    }
}
