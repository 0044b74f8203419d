/// A text line with tabs: a row pasted from a spreadsheet (`Apples⇥3⇥3.59`). Its cells are the
/// name, then the quantity (with its unit: `2.5 kg`), then the price of one unit (`3,59`,
/// `€5.99`, `@ 0.50`, `238` in yen). A unit may have a cell of its own after the quantity
/// (`Eggs⇥12⇥pcs`), the price then following it. A cell may be empty; cells after the price (a
/// line total, a note) are not read.
enum SpreadsheetRow {
    /// Reads a row; `checkbox` is the one the line started with. Nil when the second cell is not
    /// a quantity: the tabs are then white space in a line (`peanut⇥butter`).
    static func read(_ text: Substring, checkbox: TextLineItem.Checkbox, priceDecimals: Int) -> TextLineReading? {
        let cells = text.split(separator: "\t", omittingEmptySubsequences: false).map { $0.strippedOfWhiteSpace }
        let name = cells[0].split(whereSeparator: { $0.isWhiteSpace }).joined(separator: " ")
        guard !name.isEmpty else {
            return .failure(ImportLineFailure("the row's first cell is empty; it holds the name"))
        }
        var item = TextLineItem(name: name, checkbox: checkbox)
        var priceColumn = 2
        if cells.count > 1, !cells[1].isEmpty {
            let words = cells[1].split(whereSeparator: { $0.isWhiteSpace }).map(QuantityWord.init)
            switch QuantityPhrase.read(words[...]) {
            case nil:
                return nil
            case .failure(let failure)?:
                return .failure(failure)
            case .success(let phrase)?:
                if let failure = TextLineParser.problem(with: phrase.quantity) { return .failure(failure) }
                item.quantity = phrase.quantity.value
                item.unit = phrase.unit
                item.size = phrase.size?.description
                if phrase.quantity.rounded { item.quantityRoundedFrom = phrase.quantity.text }
            }
        }
        // `Eggs⇥12⇥pcs`: the unit in a cell of its own.
        if item.unit == nil, item.size == nil, cells.count > 2, let unit = KnownUnits.unit(spelled: cells[2]) {
            item.unit = unit.written
            priceColumn = 3
        }
        if cells.count > priceColumn, !cells[priceColumn].isEmpty {
            var cell = cells[priceColumn]
            if cell.first == "@" { cell = cell.dropFirst().strippedOfWhiteSpace }
            switch LinePrice.split(Substring("@ " + cell), decimals: priceDecimals) {
            case .success(let found)? where found.rest.strippedOfWhiteSpace.isEmpty:
                item.price = found.price.value
                item.priceCurrency = found.price.currency
                if let perUnit = found.price.perUnit, item.unit == nil { item.unit = perUnit }
            case .failure(let failure)?:
                return .failure(failure)
            default:
                return .failure(ImportLineFailure("\"\(cells[priceColumn])\" in the row is not a price"))
            }
        }
        return .item(item)
    }
}
