/// Reads the text of a task item the way ``MarkdownExporter`` writes it: the escaped name, then,
/// each after ` — `, the quantity part and the line total, both optional:
///
/// | written | quantity | unit |
/// | --- | --- | --- |
/// | `×4` | 4 | none |
/// | `6 pcs`, `0.25 kg` | 6, 0.25 | `pcs`, `kg` |
/// | `2 × 500 g` | 2 | `500 g` |
/// | `500 g` | 500 | `g` |
/// | `½ kg`, `6`, `5x00 g` (a unit that starts with a number, not followed by a space and more) | 1 | `½ kg`, `6`, `5x00 g` |
///
/// The export writes a pack-size unit with a quantity of 1 (`500 g` as the unit) exactly as a
/// quantity of 500 of `g`; it is read as the latter. Whole digits last are read as the line total
/// and as a unit of that number (one pack of `6`), two readings with the same name. Names may
/// themselves hold ` — `, so every split the export could have written is a reading; and since a
/// line without details and without escapes could be typed by hand, the reading a line of text
/// would give (``TextLineParser``) is one too.
enum MarkdownItemText {
    static let separator = MarkdownText.detailSeparator

    /// Every reading of an item's escaped text, the one for an item that is not known, and why
    /// the text, read as a line typed by hand, cannot be one (`Rice @ 0 50`), when it cannot. A
    /// line typed by hand reads its price for a list whose prices have `priceDecimals`.
    static func readings(_ text: Substring, priceDecimals: Int = Currency.defaultDecimals) -> (
        all: [MarkdownImportItem.Reading], preferred: MarkdownImportItem.Reading, typedFailure: ImportLineFailure?
    ) {
        let segments = text.splitScalars(on: separator)
        var readings: [MarkdownImportItem.Reading] = []
        var preferred: MarkdownImportItem.Reading?
        func name(_ count: Int) -> String {
            MarkdownText.unescaped(Substring(segments[0..<count].joined(separator: separator))).text
        }
        let count = segments.count
        // Both details.
        if count >= 3, let total = lineTotal(segments[count - 1]), let amount = quantityPart(segments[count - 2]) {
            let reading = MarkdownImportItem.Reading(
                name: name(count - 2), quantity: amount.quantity, unit: amount.unit, lineTotal: total)
            readings.append(reading)
            preferred = preferred ?? reading
        }
        // One of them. A plain number is a total, or a unit such as `6` for one pack of 6.
        if count >= 2 {
            let last = segments[count - 1]
            // Each reading of the last segment is made once: the choices below compare them.
            let total = lineTotal(last)
            let money = money(last, decimals: priceDecimals)
            if let total {
                let reading = MarkdownImportItem.Reading(name: name(count - 1), lineTotal: total)
                readings.append(reading)
                preferred = preferred ?? reading
            }
            if let amount = quantityPart(last), total == nil || isWholeNumber(last) {
                let reading = MarkdownImportItem.Reading(name: name(count - 1), quantity: amount.quantity, unit: amount.unit)
                readings.append(reading)
                // `3.98 €`, `3,98 EUR` are more likely money typed by hand than an amount of a unit
                // `€`: a known item with that unit still finds this reading, but a new one gets
                // the price.
                if money == nil { preferred = preferred ?? reading }
            }
            if let money {
                let reading = MarkdownImportItem.Reading(name: name(count - 1), price: money.price, priceCurrency: money.marker)
                readings.append(reading)
                preferred = preferred ?? reading
            }
        }
        // None: the whole text is the name, or (when the export's details are not there) a line
        // typed by hand. Text with escapes or character references was written in Markdown on
        // purpose (`2\. two`, `\[x\] box`): it means its letters, not a quantity or a checkbox.
        let whole = MarkdownImportItem.Reading(name: name(count))
        readings.append(whole)
        let escaped = whole.name.unicodeScalars.count != text.unicodeScalars.count
        var typedFailure: ImportLineFailure?
        if preferred == nil, !escaped {
            switch TextLineParser.read(whole.name, priceDecimals: priceDecimals) {
            case .item(let item) where item.name != whole.name || item.price != nil:
                let typed = MarkdownImportItem.Reading(
                    name: item.name, quantity: item.quantity, unit: item.unit, price: item.price,
                    priceCurrency: item.priceCurrency)
                readings.append(typed)
                preferred = typed
            case .failure(let failure):
                typedFailure = failure
            default:
                break
            }
        }
        // Longest name first; the sort is stable, so readings with more details come first among
        // equal names.
        var unique: [MarkdownImportItem.Reading] = []
        for reading in readings where !unique.contains(reading) { unique.append(reading) }
        unique.sort { $0.name.unicodeScalars.count > $1.name.unicodeScalars.count }
        return (unique, preferred ?? whole, typedFailure)
    }

    /// Whether a segment is digits alone, which a unit may be (`6`) but a total only without
    /// decimals.
    /// The money `segment` is, when it is an amount and a currency marker and nothing else
    /// (`3,98 €`, `3.98 EUR`, `¥1,500`), its separators read as a text line's are.
    private static func money(_ segment: Substring, decimals: Int) -> (price: DecimalNumber, marker: String)? {
        if let split = CurrencyMarker.split(String(segment)) {
            // Where the split found the marker: first, else last.
            let written = segment.hasPrefix(split.marker) ? segment.dropFirst(split.marker.count) : segment.dropLast(split.marker.count)
            guard case .success(let price) = LinePrice.amount(String(written.strippedOfWhiteSpace), decimals: decimals) else {
                return nil
            }
            return (price, split.marker)
        }
        // Separators that only a text line's price reads (`1.299,00 €`), with a currency symbol.
        guard case .success(let found) = LinePrice.split(Substring("@ " + segment), decimals: decimals),
            found.rest.strippedOfWhiteSpace.isEmpty, found.price.perUnit == nil,
            let marker = found.price.currency, let symbol = marker.first, marker.count == 1,
            LinePrice.currencySymbols.contains(symbol)
        else { return nil }
        return (found.price.value, marker)
    }

    private static func isWholeNumber(_ segment: Substring) -> Bool {
        segment.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }

    /// A line total: a plain decimal.
    private static func lineTotal(_ segment: Substring) -> DecimalNumber? {
        guard let first = segment.unicodeScalars.first, first.value >= 0x30 && first.value <= 0x39 else { return nil }
        return DecimalNumber(String(segment))
    }

    /// The quantity part: `×4`, `6 pcs`, `2 × 500 g`, or a unit starting with a number.
    private static func quantityPart(_ segment: Substring) -> (quantity: DecimalNumber?, unit: String?)? {
        if let count = segment.afterScalars("×") {
            return validQuantity(count).map { ($0, nil) }
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
        // A unit the export writes alone for one of it, when it is not a number, a space and a
        // unit: `½ kg`, `6`, `5x00 g`.
        guard let first = segment.unicodeScalars.first, first.properties.numericType != nil else { return nil }
        let unit = MarkdownText.unescaped(segment).text
        return (DecimalNumber(1), unit)
    }

    private static func validQuantity(_ text: Substring) -> DecimalNumber? {
        guard case .success(let value) = ValueReading.quantity(String(text)) else { return nil }
        return value
    }
}
