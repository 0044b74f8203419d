/// A price at the end of a text line that has neither `@` nor a currency symbol (those are
/// ``LinePrice``'s):
///
/// - a currency's code after the amount (`Butter 2.29 EUR`, `牛乳 228 JPY`);
/// - a last number with exactly the list's decimals, after other words (`milk 1.29`, `Milch
///   1,29`, `milk 2x 1.29`): a quantity is a whole number, a fraction, a number with a unit or
///   with `x`, so a number written with the currency's decimals is money. In a currency without
///   decimals a bare whole number is a quantity (`牛乳 2`), and only a marked one a price.
enum UnmarkedPrice {
    /// The text before the price, and the price; nil when the line ends in neither form.
    static func split(_ text: Substring, decimals: Int) -> (rest: Substring, price: LinePrice)? {
        let words = text.split(whereSeparator: { $0.isWhiteSpace })
        guard words.count >= 2, let last = words.last else { return nil }
        if words.count >= 3, last.count == 3, last.allSatisfy({ $0.isASCII && $0.isUppercase }),
            Currency(code: String(last)) != nil
        {
            let amount = words[words.count - 2]
            let phrase = Substring("@ " + amount + " " + last)
            if case .success(let found)? = LinePrice.split(phrase, decimals: decimals), found.rest.strippedOfWhiteSpace.isEmpty {
                return (text[..<amount.startIndex], found.price)
            }
        }
        guard decimals > 0, let separator = last.firstIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let whole = last[..<separator]
        let fraction = last[last.index(after: separator)...]
        func isDigits(_ part: Substring) -> Bool { part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !whole.isEmpty, isDigits(whole), fraction.count == decimals, isDigits(fraction),
            let value = DecimalNumber(String(whole) + "." + String(fraction))
        else { return nil }
        return (text[..<last.startIndex], LinePrice(value: value, currency: nil, perUnit: nil))
    }
}
