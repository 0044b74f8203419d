/// Reads one line of pasted text as an item: `2 kg apples`, `Milk x2`, `- [x] ½ bunch parsley`,
/// `Butter 250g @ 2.49`.
///
/// A line is read in this order:
///
/// 1. White space at the ends is dropped. A blank line, a line starting with `#`, and a line that
///    ends with `:` without a bullet (a heading such as `Dairy:`) are skipped.
/// 2. A bullet (`-`, `*`, `+`, `•`, `◦`, `·`, `▪`, `‣`, `●`, `○`, `■`, `–`, `—`, `→`) or a list
///    number (`1.`, `2)`), then a checkbox: `[ ]` and `☐` unticked, `[x]`, `[X]`, `☑`, `✅`, `✓`
///    ticked. A line with nothing after them is skipped.
/// 3. A line with tabs is a row pasted from a spreadsheet (``SpreadsheetRow``); a line of names
///    separated by commas and no digits is one item per name (``NameList``).
/// 4. A price at the end: after `@` or with a currency symbol (``LinePrice``), else with a
///    currency code or the currency's decimals (``UnmarkedPrice``).
/// 5. A quantity before the name (`3 apples`, `3 x apples`, `500g flour`, `2 cans of beans`,
///    `a bunch of parsley`, `1 kg de pommes`), else one after it (`apples 3`, `apples x3`, `flour 500 g`,
///    `milk (2 l)`, `milk - 2 l`); a count before the name and an amount after it give a pack
///    size (`2 x butter 250 g` is 2 of the size `250 g`). A price without `@` after an amount of
///    weight or volume is the price of that amount: one pack (or the count given) of that size
///    (`coffee 500 g 7.99`). Numbers are decimals (`.` or a decimal comma),
///    fractions and mixed numbers (see ``WrittenNumber``); units are ``KnownUnits``. A number
///    after the name that is 1000 or more without a unit or `x` is part of the name
///    (`Rioja 2019`), as is a number glued to other letters (`7Up`, `B12`).
/// 6. What is left is the name, with separators (`-`, `:`, `,`) next to the quantity dropped.
///
/// A quantity must be more than 0 with at most 3 decimals and under 1,000,000,000; a range
/// (`2-3 apples`), a number that could mean two things (`1,500 g`) and a line with a quantity but
/// no name are refused with the reason.
public enum TextLineParser {
    /// The longest line read, in UTF-8 bytes; a longer line is refused rather than read, as no
    /// item's line is nearly that long.
    public static let maximumLineLength = 4_096

    /// Reads one line (without its line end). `priceDecimals` are those of the list's prices,
    /// which tell how a price's separators read (see ``LinePrice/amount(_:decimals:)``).
    public static func read(_ line: some StringProtocol, priceDecimals: Int = Currency.defaultDecimals) -> TextLineReading {
        guard line.utf8.count <= maximumLineLength else {
            return .failure(
                ImportLineFailure(
                    "the line is \(line.utf8.count) bytes long; a line may be at most \(maximumLineLength) bytes"))
        }
        var text = Substring(line).strippedOfWhiteSpace
        guard let first = text.first, first != "#" else { return .skipped }
        let (afterMarkers, checkbox, hadBullet) = strippingMarkers(text)
        text = afterMarkers.strippedOfWhiteSpace
        guard !text.isEmpty else { return .skipped }
        if !hadBullet && checkbox == .none && text.last == ":" { return .skipped }

        // A row pasted from a spreadsheet, or a list of names.
        if text.unicodeScalars.contains("\t"), let row = SpreadsheetRow.read(text, checkbox: checkbox, priceDecimals: priceDecimals) {
            return row
        }
        if let names = NameList.names(text) {
            return .items(names.map { TextLineItem(name: $0, checkbox: checkbox) })
        }

        var price: LinePrice?
        switch LinePrice.split(text, decimals: priceDecimals) {
        case .failure(let failure): return .failure(failure)
        case .success(let found):
            text = found.rest
            price = found.price
        case nil:
            if let found = UnmarkedPrice.split(text, decimals: priceDecimals) {
                text = found.rest
                price = found.price
            }
        }

        let words = text.split(whereSeparator: { $0.isWhiteSpace }).map(QuantityWord.init)
        var nameStart = 0
        var nameEnd = words.count
        var phrase: QuantityPhrase?
        var packSize: PackSize?
        switch leadingQuantity(words) {
        case .failure(let failure): return .failure(failure)
        case .success(let leading):
            phrase = leading.phrase
            nameStart = leading.wordCount
            // `2 x Butter 250 g`: the count is of packs of that size.
            if leading.phrase.unit == nil, leading.phrase.size == nil,
                case .success(let trailing)? = trailingQuantity(words[nameStart...]), let amount = trailing.phrase.amountSize
            {
                packSize = amount
                nameEnd -= trailing.wordCount
            }
        case nil:
            switch trailingQuantity(words[...]) {
            case .failure(let failure): return .failure(failure)
            case .success(let trailing):
                phrase = trailing.phrase
                nameEnd -= trailing.wordCount
            case nil: break
            }
        }
        var unit = phrase?.unit
        var size = packSize ?? phrase?.size

        let name = name(words[nameStart..<nameEnd], afterQuantity: nameStart > 0)
        guard !name.isEmpty else {
            return .failure(ImportLineFailure("the line has no name, only \"\(text.strippedOfWhiteSpace)\""))
        }
        var quantity = phrase?.quantity
        if let written = quantity, let failure = problem(with: written) {
            return .failure(failure)
        }
        // `coffee 500 g 7.99`: a price without `@` after an amount of weight or volume is the
        // price of that amount, one pack of it.
        if let price, !price.afterAt, size == nil, let amount = phrase?.amountSize, amount.isMeasure {
            size = amount
            unit = nil
            quantity = WrittenNumber(value: DecimalNumber(1), text: "1", isWhole: true, isPureFraction: false)
        }
        if let perUnit = price?.perUnit {
            if unit == nil {
                unit = perUnit
            } else if unit != perUnit {
                return .failure(
                    ImportLineFailure(
                        "the price is per \(perUnit) but the quantity is in \(unit ?? ""); give both in the same unit"))
            }
        }
        var item = TextLineItem(
            name: name, quantity: quantity?.value, unit: unit, size: size?.description, price: price?.value,
            priceCurrency: price?.currency, checkbox: checkbox,
            quantityRoundedFrom: quantity?.rounded == true ? quantity?.text : nil)
        item.countsPacks = size != nil && unit == nil
        return .item(item)
    }

    // MARK: Bullets and checkboxes

    private static let bullets: Set<Character> = [
        "-", "*", "+", "•", "◦", "·", "▪", "‣", "●", "○", "■", "–", "—", "→",
    ]
    /// Bullets that may touch the text after them (`•Milk`); the others need white space, so that
    /// `-5` and `*note*` are not bullets.
    private static let gluedBullets: Set<Character> = ["•", "◦", "·", "▪", "‣", "●", "○", "■", "→"]
    private static let untickedBoxes: Set<Unicode.Scalar> = ["☐", "□", "⬜", "◻"]
    private static let tickedBoxes: Set<Unicode.Scalar> = ["☑", "☒", "✅", "✔", "✓"]

    private static func strippingMarkers(_ text: Substring) -> (Substring, TextLineItem.Checkbox, Bool) {
        var rest = text
        var hadBullet = false
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        if (1...3).contains(digits.count) {
            let after = rest[digits.endIndex...]
            if let mark = after.first, mark == "." || mark == ")", after.dropFirst().first?.isWhiteSpace == true {
                rest = after.dropFirst()
                hadBullet = true
            }
        } else if let first = rest.first, bullets.contains(first),
            gluedBullets.contains(first) || rest.dropFirst().first?.isWhiteSpace ?? true
                // `-bananas`: a dash before a letter is a bullet typed without its space.
                || (first == "-" && rest.dropFirst().first?.isLetter == true)
        {
            rest = rest.dropFirst()
            hadBullet = true
        }
        rest = rest.strippedOfWhiteSpace
        if let (after, checkbox) = leadingCheckbox(rest) { return (after, checkbox, hadBullet) }
        return (rest, .none, hadBullet)
    }

    /// The checkbox `text` starts with, followed by white space or nothing, and the text after
    /// it: `[ ]`, `[]` and `☐` unticked; `[x]`, `[X]`, `[✓]`, `☑`, `✅`, `✓` ticked. The
    /// Markdown reader takes the same boxes, so that a line means the same in both.
    static func leadingCheckbox(_ text: Substring) -> (after: Substring, checkbox: TextLineItem.Checkbox)? {
        for (box, checkbox) in [("[ ]", TextLineItem.Checkbox.unticked), ("[]", .unticked), ("[x]", .ticked), ("[X]", .ticked), ("[✓]", .ticked), ("[✔]", .ticked)]
        where text.hasPrefix(box) {
            let after = text.dropFirst(box.count)
            if after.first?.isWhiteSpace ?? true { return (after, checkbox) }
        }
        if let scalar = text.unicodeScalars.first, untickedBoxes.contains(scalar) || tickedBoxes.contains(scalar) {
            var after = text.unicodeScalars.dropFirst()
            if after.first == "\u{FE0F}" { after = after.dropFirst() }
            if after.first?.isWhiteSpace ?? true {
                return (Substring(after), untickedBoxes.contains(scalar) ? .unticked : .ticked)
            }
        }
        return nil
    }

    // MARK: Quantities

    private struct Found {
        var phrase: QuantityPhrase
        var wordCount: Int
    }

    /// The most words a quantity has: `2 x 500 g`.
    private static let longestPhrase = 4

    private static func leadingQuantity(_ words: [QuantityWord]) -> Result<Found, ImportLineFailure>? {
        if words.count >= 3, ["a", "an"].contains(words[0].text.lowercased()), words[1].pieces.count == 1,
            case .unit(let unit) = words[1].pieces[0],
            case .success(let one) = WrittenNumber.decimal("1")
        {
            let phrase = QuantityPhrase(
                quantity: WrittenNumber(value: one, text: String(words[0].text), isWhole: true, isPureFraction: false),
                unit: unit.written, endsWithUnitWord: !unit.isSymbol)
            return .success(Found(phrase: phrase, wordCount: skippingOf(words, after: 2)))
        }
        var run = 0
        while run < min(words.count, longestPhrase) && words[run].isQuantityPart { run += 1 }
        for count in stride(from: run, through: 1, by: -1) {
            guard let read = QuantityPhrase.read(words[0..<count]) else { continue }
            guard case .success(let phrase) = read else { return read.map { Found(phrase: $0, wordCount: count) } }
            if count == words.count {
                // `2 rolls`: the unit word is what is bought.
                if phrase.endsWithUnitWord { continue }
                return .failure(ImportLineFailure("the line has a quantity but no name"))
            }
            let wordCount = phrase.unit == nil ? count : skippingOf(words, after: count)
            return .success(Found(phrase: phrase, wordCount: wordCount))
        }
        return nil
    }

    /// `2 cans of beans`, `1 kg de pommes`: the `of` (`de`, `di`) after a unit is not part of
    /// the name.
    private static func skippingOf(_ words: [QuantityWord], after count: Int) -> Int {
        count + 1 < words.count && ["of", "de", "di"].contains(words[count].text.lowercased()) ? count + 1 : count
    }

    private static func trailingQuantity(_ words: ArraySlice<QuantityWord>) -> Result<Found, ImportLineFailure>? {
        guard words.count >= 2 else { return nil }
        if let grouped = parenthesized(words) { return grouped }
        var run = 0
        while run < min(words.count - 1, longestPhrase) && words[words.endIndex - 1 - run].isQuantityPart { run += 1 }
        for count in stride(from: run, through: 1, by: -1) {
            guard let read = QuantityPhrase.read(words[(words.endIndex - count)...]) else { continue }
            guard case .success(let phrase) = read else { return read.map { Found(phrase: $0, wordCount: count) } }
            if phrase.isBareNumber && phrase.quantity.value >= DecimalNumber(1_000) { return nil }
            return .success(Found(phrase: phrase, wordCount: count))
        }
        return nil
    }

    /// `Milk (2 l)`, `Eggs (x10)`: a quantity in parentheses at the end.
    private static func parenthesized(_ words: ArraySlice<QuantityWord>) -> Result<Found, ImportLineFailure>? {
        guard let last = words.last, last.text.hasSuffix(")") else { return nil }
        let lowest = max(words.startIndex + 1, words.endIndex - longestPhrase)
        for start in stride(from: words.endIndex - 1, through: lowest, by: -1) where words[start].text.hasPrefix("(") {
            var inner: [QuantityWord] = []
            for index in start..<words.endIndex {
                var text = words[index].text
                if index == start { text = text.dropFirst() }
                if index == words.endIndex - 1 { text = text.dropLast() }
                if !text.isEmpty { inner.append(QuantityWord(text)) }
            }
            guard !inner.isEmpty, let read = QuantityPhrase.read(inner[...]) else { return nil }
            return read.map { Found(phrase: $0, wordCount: words.endIndex - start) }
        }
        return nil
    }

    static func problem(with quantity: WrittenNumber) -> ImportLineFailure? {
        let value = quantity.value
        if value.isZero {
            return ImportLineFailure("the quantity \(quantity.text) must be more than 0")
        }
        if value.significantDecimals > 3 {
            return ImportLineFailure(
                "the quantity \(quantity.text) has \(value.significantDecimals) decimals; at most 3 are allowed")
        }
        if value >= ValueReading.limit {
            return ImportLineFailure("the quantity \(quantity.text) is too large; quantities are under 1,000,000,000")
        }
        return nil
    }

    // MARK: Names

    private static let separators: Set<Character> = [",", ":", ";", "-", "–", "—", "/", "|"]

    /// The words joined by single spaces, without separators at the end (`milk - 2 l`, `milk:`),
    /// nor at the start when a quantity comes before them (`3 - milk`).
    private static func name(_ words: ArraySlice<QuantityWord>, afterQuantity: Bool) -> String {
        var name = words.map(\.text).joined(separator: " ")[...]
        while let last = name.last, separators.contains(last) { name = name.dropLast().strippedOfWhiteSpace }
        while afterQuantity, let first = name.first, separators.contains(first) {
            name = name.dropFirst().strippedOfWhiteSpace
        }
        return String(name)
    }
}
