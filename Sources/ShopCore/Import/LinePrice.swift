/// The price at the end of a text line: after `@` (`@ 1.99`, `@1,99 €`, `@ $2 each`, `@ 2.99/kg`),
/// or marked with a currency symbol without `@` (`1.99€`, `€ 1.99`).
///
/// After `@` the amount may have a currency symbol or a code of up to three letters (`EUR`, `kr`)
/// on either side, and `each`, `ea`, `/UNIT` or `per UNIT` after it. An `@` followed by a letter
/// (`@home`) is not a price and stays in the name; one followed by a digit or a currency symbol
/// must be a price.
struct LinePrice: Sendable {
    /// The price, exactly as written.
    var value: DecimalNumber
    /// The currency symbol or code written with it.
    var currency: String?
    /// The unit the price is for (`/kg`), when it says.
    var perUnit: String?
    /// Whether the price follows `@`: the price of one unit, never of an amount before it.
    var afterAt = false

    /// The characters that mark an amount as money: the one-character symbols of
    /// ``CurrencyMarker`` (the longer ones, `US$`, `zł`, `kr`, are read as codes are), and `¢`,
    /// which marks money without naming a currency.
    static let currencySymbols: Set<Character> = Set(
        CurrencyMarker.symbols.map(\.symbol).filter { $0.count == 1 }.compactMap(\.first) + [Character(centSign)])

    /// Signs a price may be written with by mistake: hyphen-minus, plus, minus, dashes, and
    /// their full-width and small forms.
    private static let signs: Set<Character> = ["-", "+", "−", "–", "‒", "﹣", "－", "＋"]

    /// `¢`: the amount is in hundredths.
    private static let centSign = "¢"

    private static let currencyScalars = Set(currencySymbols.flatMap(\.unicodeScalars))

    /// Finds the price at the end of `text`: the text before it and the price; nil when there is
    /// none; a failure when `@` is followed by something that should be a price and is not.
    ///
    /// `decimals` are those of the list's prices: in a currency without decimals, a point or comma
    /// before three digits can only separate thousands (`¥1,500`).
    static func split(
        _ text: Substring, decimals: Int = Currency.defaultDecimals
    ) -> Result<(rest: Substring, price: LinePrice), ImportLineFailure>? {
        if text.unicodeScalars.contains("@"), let at = text.lastIndex(of: "@") {
            let after = text[text.index(after: at)...].strippedOfWhiteSpace
            guard let first = after.first else {
                return .failure(ImportLineFailure("nothing follows \"@\"; write the price after it, as in \"@ 1.99\""))
            }
            // `@ kr 25`, `@ US$2`: a currency written in letters may come first, a symbol after it.
            let afterCode = after.drop(while: { $0.isLetter }).strippedOfWhiteSpace
            let startsWithCode =
                after.prefix(while: { $0.isLetter }).count <= 3
                && (afterCode.first.map { $0.isASCII && $0.isNumber || currencySymbols.contains($0) } ?? false)
            // `@ -1.99`, `@ −1.99`: a sign before digits is a price written wrong, not part of the name.
            if signs.contains(first), let next = after.dropFirst().first, next.isASCII && next.isNumber {
                return .failure(ImportLineFailure("\"\(after)\" after \"@\" is not a price; prices are 0 or more, as in \"@ 1.99\""))
            }
            // `@ ½`, `@ １.９９`: digits of other scripts, or a fraction, are meant as a price too.
            if first.isNumber && !first.isASCII {
                return .failure(
                    ImportLineFailure("\"\(after)\" after \"@\" is not a price; write it with the digits 0 to 9, as in \"@ 1.99\""))
            }
            if first.isASCII && first.isNumber || first == "." || currencySymbols.contains(first) || startsWithCode {
                guard let price = read(after, afterAt: true, decimals: decimals) else {
                    return .failure(
                        ImportLineFailure("\"\(after)\" after \"@\" is not a price; write it as in \"@ 1.99\""))
                }
                // `butter @ 1.99 @ 2.99`: which one is meant, nobody can tell.
                let before = text[..<at]
                if let earlier = before.lastIndex(of: "@"), let next = before[before.index(after: earlier)...].strippedOfWhiteSpace.first,
                    next.isNumber || currencySymbols.contains(next)
                {
                    return .failure(ImportLineFailure("the line has two prices after \"@\"; keep one"))
                }
                return price.map { (before, $0) }
            }
        }
        // Without `@`, only an amount with a currency symbol at the very end is a price.
        guard text.unicodeScalars.contains(where: { currencyScalars.contains($0) }) else { return nil }
        let words = text.split(whereSeparator: { $0.isWhiteSpace })
        guard let last = words.last else { return nil }
        for count in [1, 2] where words.count > count {
            let start = words[words.count - count].startIndex
            let candidate = text[start..<last.endIndex]
            guard candidate.contains(where: { currencySymbols.contains($0) }) else { continue }
            if let price = read(candidate, afterAt: false, decimals: decimals), case .success(let value) = price {
                return .success((text[..<start], value))
            }
        }
        return nil
    }

    /// Whether the words holding digits, when there are several, are one number in groups of
    /// thousands (`1 234,56`): `0 50` or `1 2 3` is not a price.
    private static func digitsApartAreThousands(_ words: [Substring]) -> Bool {
        let numbers = words.map { $0.filter { !currencySymbols.contains($0) } }.filter { word in
            word.contains { $0.isASCII && $0.isNumber }
        }
        guard numbers.count > 1 else { return true }
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        let lead = numbers[0].reversed().prefix(while: isDigit).count
        // The first group may follow a code written onto it (`EUR1 234`).
        guard (1...3).contains(lead), numbers[0].drop(while: { $0.isLetter }).allSatisfy(isDigit) else { return false }
        return numbers.dropFirst().allSatisfy { group in
            let digits = group.prefix(while: isDigit)
            let rest = group.dropFirst(digits.count)
            return digits.count == 3
                && (rest.isEmpty || (rest.count > 1 && (rest.first == "." || rest.first == ",") && rest.dropFirst().allSatisfy(isDigit)))
        }
    }

    /// Reads a whole price phrase; nil when it is not one.
    private static func read(_ phrase: Substring, afterAt: Bool, decimals: Int) -> Result<LinePrice, ImportLineFailure>? {
        var words = phrase.split(whereSeparator: { $0.isWhiteSpace }).map { Substring($0) }
        var perUnit: String?
        if afterAt, let last = words.last {
            let lower = last.lowercased()
            if lower == "each" || lower == "ea" || lower == "/ea" {
                words.removeLast()
            } else if words.count >= 2, lower.first != "/", words[words.count - 2].lowercased() == "per",
                let unit = KnownUnits.unit(spelled: last)
            {
                perUnit = unit.written
                words.removeLast(2)
            } else if let slash = last.lastIndex(of: "/"), let unit = KnownUnits.unit(spelled: last[last.index(after: slash)...]) {
                perUnit = unit.written
                let before = last[..<slash]
                words.removeLast()
                if !before.isEmpty { words.append(before) }
            } else if words.count >= 2, let unit = KnownUnits.unit(spelled: last) {
                perUnit = unit.written
                words.removeLast()
            }
        }
        // What is left is the amount with a currency on either side, written together or apart.
        guard digitsApartAreThousands(words) else { return nil }
        var joined = words.joined()[...]
        var currency: String?
        if let first = joined.first, currencySymbols.contains(first) {
            currency = String(first)
            joined = joined.dropFirst()
        } else if let last = joined.last, currencySymbols.contains(last) {
            currency = String(last)
            joined = joined.dropLast()
        } else if afterAt {
            let letters = joined.prefix(while: { $0.isLetter && !currencySymbols.contains($0) })
            let trailing = joined.reversed().prefix(while: { $0.isLetter })
            if !letters.isEmpty && letters.count <= 3, let symbol = joined.dropFirst(letters.count).first,
                currencySymbols.contains(symbol)
            {
                // `US$2`: letters and a symbol together are one currency.
                currency = String(letters) + String(symbol)
                joined = joined.dropFirst(letters.count + 1)
            } else if !letters.isEmpty && letters.count <= 3 {
                currency = String(letters)
                joined = joined.dropFirst(letters.count)
            } else if !trailing.isEmpty && trailing.count <= 3 {
                currency = String(trailing.reversed())
                joined = joined.dropLast(trailing.count)
            }
        }
        guard !joined.isEmpty, joined.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else {
            return nil
        }
        let written = String(joined)
        switch amount(written, decimals: decimals) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let value):
            if value >= ValueReading.limit {
                return .failure(ImportLineFailure("the price \(written) is too large; prices are under 1,000,000,000"))
            }
            if currency == centSign {
                // `99¢` is 0.99 of the list's currency, whichever it is; one without cents refuses
                // the decimals.
                return .success(
                    LinePrice(
                        value: DecimalNumber(units: value.units, scale: value.scale + 2), currency: nil, perUnit: perUnit,
                        afterAt: afterAt))
            }
            return .success(LinePrice(value: value, currency: currency, perUnit: perUnit, afterAt: afterAt))
        }
    }

    /// Reads an amount of digits, `.` and `,`. Separators that can only be between thousands are
    /// read as such: several of one kind (`1,500,000`), one kind before the other, which is then
    /// the decimal separator (`1,299.99`, `1.299,99`), and, in a currency without decimals, one
    /// before three digits (`1.500` yen). Anything else is a decimal (see ``WrittenNumber``).
    static func amount(_ written: String, decimals: Int) -> Result<DecimalNumber, ImportLineFailure> {
        let separators = written.filter { $0 == "." || $0 == "," }
        guard let last = separators.last else { return WrittenNumber.decimal(written) }
        let parts = written.split(whereSeparator: { $0 == "." || $0 == "," }).map(\.count)
        let grouped = separators.dropLast().allSatisfy { $0 != last } && separators.dropLast().allSatisfy { $0 == separators.first }
        let decimalSeparator: Character?
        if separators.count == 1 {
            // `1,500` is 1500 or 1.5 in most currencies: only one without decimals tells.
            guard decimals == 0, parts.count == 2, parts[1] == 3, written.first != "0" else {
                return WrittenNumber.decimal(written)
            }
            decimalSeparator = nil
        } else if separators.allSatisfy({ $0 == last }) {
            decimalSeparator = nil
        } else if grouped {
            decimalSeparator = last
        } else {
            return .failure(ImportLineFailure("\"\(written)\" mixes \".\" and \",\" between thousands; write the number without them"))
        }
        // Groups of thousands: one to three digits, then three each, up to the decimals.
        let groups = decimalSeparator == nil ? parts[...] : parts.dropLast()
        guard parts.count == separators.count + 1, let lead = groups.first, (1...3).contains(lead),
            groups.dropFirst().allSatisfy({ $0 == 3 })
        else {
            return .failure(ImportLineFailure("\"\(written)\" has separators that are not between thousands; write the number without them"))
        }
        var plain = String(written.filter { $0 != "." && $0 != "," })
        if decimalSeparator != nil, let fraction = parts.last {
            plain.insert(".", at: plain.index(plain.endIndex, offsetBy: -fraction))
        }
        guard let value = DecimalNumber(plain) else {
            return .failure(ImportLineFailure("\"\(written)\" is not a number"))
        }
        return .success(value)
    }
}
