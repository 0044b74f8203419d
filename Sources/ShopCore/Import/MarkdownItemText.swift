/// Reads the text of a task item, as ``MarkdownExporter`` writes it and as people edit it on the
/// way back:
///
///     NAME [(SIZE)] [SEP QUANTITY [UNIT]] [SEP TOTAL] [anything]
///
/// SEP is the export's ` — `, or ` – `, ` - `, ` -- ` typed for it. The quantity part is the
/// export's (`×4`, `6 pcs`, `2 × 500 g`) or one a text line takes (`8`, `x8`, `½ kg`). TOTAL is
/// an amount that may carry a currency symbol or code and a decimal comma (`20.94`, `€20.94`,
/// `20,94 €`, `20.94 EUR`); it is never read as a quantity or a unit, and what follows it (`(on
/// sale)`, ` — got the last ones`) is not read. After the only SEP, a number with the currency's
/// decimals (in yen, a whole number) or marked as money is the total (`Apples — 4.20`); another
/// number is a quantity (`Apples — 8`). A size in parentheses after the name (`Coffee beans (500
/// g)`) is the item's size.
///
/// Names may themselves hold a SEP, so every split is a reading, the longest name first; a known
/// name picks its reading (``MarkdownImportItem/reading(matching:)``). A line without details and
/// without escapes could be typed by hand: the reading a line of text gives (``TextLineParser``)
/// is one too (`8 Apples`).
enum MarkdownItemText {
    static let separator = MarkdownText.detailSeparator
    /// Every SEP: the export's first, then those typed for it.
    static let separators = [separator, " – ", " -- ", " - "]

    /// Every reading of an item's escaped text, the one for an item that is not known, and why
    /// the text, read as a line typed by hand, cannot be one (`Rice @ 0 50`), when it cannot.
    /// Totals and lines typed by hand are read for a list whose prices have `priceDecimals`.
    static func readings(_ text: Substring, priceDecimals: Int = Currency.defaultDecimals) -> (
        all: [MarkdownImportItem.Reading], preferred: MarkdownImportItem.Reading, typedFailure: ImportLineFailure?
    ) {
        var readings: [MarkdownImportItem.Reading] = []
        var preferred: MarkdownImportItem.Reading?
        // The export's separator first (a name may end with `-`: `x - — 3.47`), then every one.
        for separators in [[separator], separators] where preferred == nil {
            read(text, separators: separators, decimals: priceDecimals, into: &readings, preferred: &preferred)
        }
        // None: the whole text is the name, or (when there are no details) a line typed by hand.
        // Text with escapes or character references was written in Markdown on purpose (`2\. two`,
        // `\[x\] box`): it means its letters, not a quantity or a checkbox.
        let whole = MarkdownImportItem.Reading(name: MarkdownText.unescaped(text).text)
        if !readings.contains(whole) { readings.append(whole) }
        let escaped = whole.name.unicodeScalars.count != text.unicodeScalars.count
        var typedFailure: ImportLineFailure?
        if preferred == nil, !escaped {
            switch TextLineParser.read(whole.name, priceDecimals: priceDecimals) {
            case .item(let item) where item.name != whole.name || item.price != nil:
                let typed = MarkdownImportItem.Reading(
                    name: item.name, quantity: item.quantity, unit: item.unit, size: item.size, price: item.price,
                    priceCurrency: item.priceCurrency)
                readings.append(typed)
                preferred = typed
            case .failure(let failure):
                typedFailure = failure
            default:
                break
            }
        }
        var unique: [MarkdownImportItem.Reading] = []
        for reading in readings where !unique.contains(reading) { unique.append(reading) }
        unique.sort { $0.name.unicodeScalars.count > $1.name.unicodeScalars.count }
        return (unique, preferred ?? whole, typedFailure)
    }

    /// The readings of `text` split at `separators`, the longest name first, added to
    /// `readings`; `preferred` becomes the one with the most details.
    private static func read(
        _ text: Substring, separators: [String], decimals: Int, into readings: inout [MarkdownImportItem.Reading],
        preferred: inout MarkdownImportItem.Reading?
    ) {
        let pieces = split(text, at: separators)
        for count in stride(from: pieces.count, through: 1, by: -1) {
            let rest = pieces[count...]
            guard let details = details(rest, decimals: decimals) else { continue }
            let name = MarkdownText.unescaped(text[text.startIndex..<pieces[count - 1].endIndex]).text
            var reading = MarkdownImportItem.Reading(
                name: name, quantity: details.quantity, unit: details.unit, lineTotal: details.total)
            readings.append(reading)
            if let (short, size) = sized(name) {
                reading.name = short
                reading.size = size
                readings.append(reading)
                preferred = reading
            } else if !rest.isEmpty {
                preferred = reading
            }
        }
    }

    /// The pieces of `text` between SEPs, as slices of it.
    private static func split(_ text: Substring, at separators: [String]) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == " ", let found = separators.first(where: { text[index...].hasPrefix($0) }) else {
                index = text.index(after: index)
                continue
            }
            pieces.append(text[start..<index])
            index = text.index(index, offsetBy: found.count)
            start = index
        }
        pieces.append(text[start..<text.endIndex])
        return pieces
    }

    /// The details after a name: a quantity part, a total, both, or neither; nil when the pieces
    /// are not details.
    private static func details(
        _ rest: ArraySlice<Substring>, decimals: Int
    ) -> (quantity: DecimalNumber?, unit: String?, total: DecimalNumber?)? {
        guard let first = rest.first else { return (nil, nil, nil) }
        if rest.count == 1 {
            // `20.94`, `20.94 EUR`, `1.89 (2 for 3.00)`; but `1 l`, `2 big bags` are quantities.
            if let total = total(first, decimals: decimals, strict: true, remarkOnly: true) { return (nil, nil, total) }
            if let amount = quantityPart(first) { return (amount.quantity, amount.unit, nil) }
            return nil
        }
        if let amount = quantityPart(first), let total = total(rest[rest.startIndex + 1], decimals: decimals, strict: false) {
            return (amount.quantity, amount.unit, total)
        }
        // A total, then anything: only one that cannot be a quantity (`Tea — 3 — ×1` is the item
        // `Tea — 3`).
        if let total = total(first, decimals: decimals, strict: true) { return (nil, nil, total) }
        return nil
    }

    /// The line total a piece starts with: an amount with a currency symbol or code on either side
    /// or none, its separators read as a text line's price's are; what follows it is not read.
    /// `strict` takes only an amount marked as money or with exactly the currency's decimals.
    /// With `remarkOnly`, only text in parentheses may follow the amount.
    private static func total(_ piece: Substring, decimals: Int, strict: Bool, remarkOnly: Bool = false) -> DecimalNumber? {
        let words = MarkdownText.unescaped(piece).text.split(whereSeparator: { $0.isWhiteSpace })
        for count in [2, 1] where words.count >= count {
            if remarkOnly, count < words.count, words[count].first != "(" { continue }
            let candidate = words[0..<count].joined(separator: " ")
            guard case .success(let found)? = LinePrice.split(Substring("@ " + candidate), decimals: decimals),
                found.rest.strippedOfWhiteSpace.isEmpty, found.price.perUnit == nil
            else { continue }
            // Letters are a currency only when they are a code (`EUR`), not a unit (`1 big bag`).
            if let marker = found.price.currency, marker.allSatisfy(\.isLetter), Currency(code: marker.uppercased()) == nil {
                continue
            }
            if strict && found.price.currency == nil && fractionDigits(candidate) != decimals { return nil }
            return found.price.value
        }
        // A total may be larger than any price (`×2 — 1999999998`): the export writes it as a
        // plain decimal.
        if let first = words.first, remarkOnly ? words.count == 1 || words[1].first == "(" : true,
            first.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }), let value = DecimalNumber(String(first)),
            !strict || fractionDigits(String(first)) == decimals
        {
            return value
        }
        return nil
    }

    /// The digits after the last `.` or `,` of an amount; 0 without one.
    private static func fractionDigits(_ amount: String) -> Int {
        guard let separator = amount.lastIndex(where: { $0 == "." || $0 == "," }) else { return 0 }
        return amount[amount.index(after: separator)...].prefix { $0.isASCII && $0.isNumber }.count
    }

    /// A name that ends in a size in parentheses (`Coffee beans (500 g)`): the name before it and
    /// the size as a list writes it.
    static func sized(_ name: String) -> (name: String, size: String)? {
        guard name.hasSuffix(")"), let opening = name.lastIndex(of: "("), opening > name.startIndex else { return nil }
        let inner = name[name.index(after: opening)..<name.index(before: name.endIndex)]
        guard let size = PackSize.reading(inner) else { return nil }
        // One space separates the two; white space the name itself ends with (written escaped,
        // `trail&#32;`) is the name's.
        var before = name[..<opening]
        if before.last == " " { before = before.dropLast() }
        return String(before).trimmingWhiteSpace().isEmpty ? nil : (String(before), size.description)
    }

    /// The quantity part: the export's (`×4`, `6 pcs`, `2 × 500 g`), or one a text line takes
    /// (`8`, `x8`, `½ kg`).
    private static func quantityPart(_ segment: Substring) -> (quantity: DecimalNumber?, unit: String?)? {
        if let count = segment.afterScalars("×") {
            if let quantity = validQuantity(count) { return (quantity, nil) }
        }
        let number = segment.scalarPrefix { ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." }
        let digits = number.unicodeScalars.count
        if digits > 0, digits < segment.unicodeScalars.count, let quantity = validQuantity(number),
            var rest = segment.droppingScalars(digits).afterScalars(" ")
        {
            // `2 × 500 g`: the export puts the × only before a unit that starts with a number.
            if let unit = rest.afterScalars("× "), unit.unicodeScalars.first?.properties.numericType != nil {
                rest = unit
            }
            let unit = MarkdownText.unescaped(rest).text
            if !unit.isEmpty { return (quantity, unit) }
        }
        let words = segment.split(whereSeparator: { $0.isWhiteSpace }).map(QuantityWord.init)
        if !words.isEmpty, case .success(let phrase)? = QuantityPhrase.read(words[...]),
            TextLineParser.problem(with: phrase.quantity) == nil,
            phrase.unit?.unicodeScalars.first?.properties.numericType == nil
        {
            return (phrase.quantity.value, phrase.unit ?? phrase.size?.description)
        }
        // A unit the export writes alone for one of it, when it starts with a number and is
        // read no other way: `0.3342 kg`, `5x00 g`.
        guard let first = segment.unicodeScalars.first, first.properties.numericType != nil else { return nil }
        return (DecimalNumber(1), MarkdownText.unescaped(segment).text)
    }

    private static func validQuantity(_ text: Substring) -> DecimalNumber? {
        guard case .success(let value) = ValueReading.quantity(String(text)) else { return nil }
        return value
    }
}
