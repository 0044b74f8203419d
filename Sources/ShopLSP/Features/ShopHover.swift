import JSON
import ShopCore

/// `textDocument/hover`: on a key, what it means (the item schema's meaning line); anywhere else
/// on an item, its line total and whether it is on the list or done, and in a list that names a
/// catalog the catalog item's values and which of them the list overrides. Markdown when the client
/// takes it, else plain text; null where there is nothing to say, and on a document that does
/// not read.
struct ShopHover: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/hover" }

    var serverCapability: (key: String, value: JSONValue)? { ("hoverProvider", true) }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let position = try Position(json: try request.params.required("position"))
        guard let list = cache.analysis(of: snapshot).list else { return nil }
        try request.checkCancellation()
        let formats = request.capability("textDocument", "hover", "contentFormat")?.arrayValue ?? []
        let markup = HoverMarkup(isMarkdown: formats.contains("markdown"))
        guard let place = ListPlace(at: snapshot.offset(of: position), in: list) else { return nil }
        let text: String
        let span: Range<Int>
        switch place {
        case .listKey(let key, let keySpan):
            guard let meaning = ListKey(rawValue: key)?.meaning ?? Self.extensionMeaning(key) else { return nil }
            text = markup.strong(key) + (ListKey(rawValue: key) == nil ? "" : " (top-level key)") + ": " + markup.text(meaning)
            span = keySpan
        case .item(let item, let itemSpan, let key):
            if let key, let meaning = ItemKey(rawValue: key.text)?.definition.meaning ?? Self.extensionMeaning(key.text) {
                text = markup.strong(key.text) + (ItemKey(rawValue: key.text) == nil ? "" : " (item key)") + ": " + markup.text(meaning)
                span = key.span
            } else {
                text = Self.summary(of: item, in: list, markup: markup)
                span = itemSpan
            }
        }
        return Hover(text: text, isMarkdown: markup.isMarkdown, range: snapshot.range(of: span)).json
    }

    /// What an extension key is; nil for a key that is not one.
    static func extensionMeaning(_ key: String) -> String? {
        key.hasPrefix("x-") ? "a user extension, kept as written and never checked." : nil
    }

    /// An item's name, its line total (price times quantity, rounded to the currency, as exports
    /// add it up), and where it stands on the list.
    static func summary(of item: Item, in list: ShoppingList, markup: HoverMarkup) -> String {
        let name = item.name.flatMap { $0.trimmingWhiteSpace().isEmpty ? nil : $0 } ?? "(no name)"
        var lines = [markup.strong(name)]
        let decimals = list.priceDecimals
        let code = list.currency.map { " " + $0.code } ?? ""
        if let price = item.price {
            let quantity = item.effectiveQuantity
            let total = ListTotals.lineTotal(price: price, quantity: quantity, decimals: decimals)
            let amount =
                quantity.normalized.description + (item.unit.map { " " + $0 } ?? "") + (item.size.map { " of " + $0 } ?? "")
            lines.append(
                markup.text("Line total: \(total.formatted(decimals: decimals))\(code) (\(amount) × \(price.formatted(decimals: decimals)))"))
        } else if item.valueNode(.price) != nil {
            lines.append(markup.text("The price is not valid, so there is no line total."))
        } else {
            lines.append(markup.text("No price, so no line total."))
        }
        lines += catalogLines(of: item, in: list, markup: markup)
        switch (item.buy, item.done) {
        case (true, true): lines.append(markup.text("On the shopping list, and done: in the basket."))
        case (true, false): lines.append(markup.text("On the shopping list, not done yet."))
        case (false, true): lines.append(markup.text("Done, but not on the shopping list (buy is not true)."))
        case (false, false): lines.append(markup.text("Not on the shopping list."))
        }
        return lines.joined(separator: markup.isMarkdown ? "\n\n" : "\n")
    }
}

extension ShopHover {
    /// The keys whose catalog values a hover shows, in the order an item writes them.
    static let catalogKeys: [ItemKey] = [.price, .unit, .size, .category, .notes]

    /// For an item of a list resolved against a catalog: the catalog item's values, and which of
    /// them the list sets itself; or that the catalog does not have the item. Nothing for a list
    /// without a catalog read.
    static func catalogLines(of item: Item, in list: ShoppingList, markup: HoverMarkup) -> [String] {
        guard let catalog = list.catalog else { return [] }
        guard let catalogItem = item.catalogItem else { return [markup.text("Not in the catalog.")] }
        var values: [String] = []
        var overridden: [String] = []
        for key in catalogKeys {
            guard let value = catalogValue(key, of: catalogItem, in: catalog) else { continue }
            values.append("\(key.rawValue) \(value)")
            if item.owner(of: key) == .list { overridden.append(key.rawValue) }
        }
        guard !values.isEmpty else { return [markup.text("In the catalog, which gives it no values.")] }
        var lines = [markup.text("Catalog: " + values.joined(separator: ", ") + ".")]
        lines.append(
            markup.text(
                overridden.isEmpty
                    ? "The list overrides none of them."
                    : "The list sets its own " + overridden.joined(separator: ", ") + "."))
        return lines
    }

    /// A catalog item's value of `key` as shown: the price with the catalog's currency, notes on
    /// one line, quoted.
    static func catalogValue(_ key: ItemKey, of item: Item, in catalog: ShoppingList) -> String? {
        switch key {
        case .price:
            return item.price.map { $0.formatted(decimals: catalog.priceDecimals) + (catalog.currency.map { " " + $0.code } ?? "") }
        case .unit: return item.unit
        case .size: return item.size
        case .category: return item.category
        case .notes:
            return item.notes.map { notes in
                "\u{201C}" + notes.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingWhiteSpace() + "\u{201D}"
            }
        default: return nil
        }
    }
}

/// Text for a hover, as Markdown or as plain text.
struct HoverMarkup {
    /// Whether the text is Markdown.
    let isMarkdown: Bool

    /// `text` in bold (Markdown), or as it is.
    func strong(_ text: String) -> String {
        isMarkdown ? "**" + escaped(text) + "**" : text
    }

    /// `text` with Markdown's special characters escaped, or as it is.
    func text(_ text: String) -> String {
        isMarkdown ? escaped(text) : text
    }

    /// Every line of a hover starts with a word or with `**`, so only the characters that mark
    /// up text inside a line need escapes.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII, "\\`*_[]<>|~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
