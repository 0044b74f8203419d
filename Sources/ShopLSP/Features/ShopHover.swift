import JSON
import ShopCore

/// `textDocument/hover`: on a key, what it means (the item schema's meaning line); anywhere else
/// on an item, its line total and whether it is on the list or done. Markdown when the client
/// takes it, else plain text; null where there is nothing to say, and on a document that does
/// not read.
struct ShopHover: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/hover" }

    func announce(in capabilities: inout JSONObject) {
        capabilities["hoverProvider"] = true
    }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let position = try Position(json: try request.params.required("position"))
        guard let list = cache.analysis(of: snapshot.document).list else { return nil }
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
        switch (item.buy, item.done) {
        case (true, true): lines.append(markup.text("On the shopping list, and done: in the basket."))
        case (true, false): lines.append(markup.text("On the shopping list, not done yet."))
        case (false, true): lines.append(markup.text("Done, but not on the shopping list (buy is not true)."))
        case (false, false): lines.append(markup.text("Not on the shopping list."))
        }
        return lines.joined(separator: markup.isMarkdown ? "\n\n" : "\n")
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
