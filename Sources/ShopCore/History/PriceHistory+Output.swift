import JSON

/// `shop history`'s outputs.
extension PriceHistory {
    /// For each item with prices: `NAME: FIRST -> LAST (CHANGE) SPARKLINE`, then a line per price
    /// (`  DATE COMMIT PRICE`, the commit shortened to 7 characters). Items are separated by a
    /// blank line. With `namingUnpriced`, an item without any price says so in a line of its own
    /// (the items were asked for by name); without, one last line counts them, so that a catalog
    /// of mostly unpriced items does not bury the prices. Written a block at a time to `write`.
    public func writeText(namingUnpriced: Bool, to write: (String) -> Void) {
        var first = true
        func block(_ text: String) {
            write(first ? text : "\n" + text)
            first = false
        }
        var unpriced = 0
        for item in items {
            guard let firstPrice = item.prices.first, let last = item.prices.last else {
                if namingUnpriced { block("\(item.name): no price in the history\n") } else { unpriced += 1 }
                continue
            }
            // Prices in several currencies carry their codes, and are not compared.
            let mixed = item.mixesCurrencies
            let written = { (price: Price) in mixed ? price.text + " " + (price.currency ?? "(no currency)") : price.text }
            var heading = "\(item.name): \(written(firstPrice))"
            if item.prices.count > 1 { heading += " -> \(written(last))" }
            if let change = item.change { heading += " (\(change))" }
            heading += mixed ? " (the currency changed)" : " " + item.sparkline
            let rows = item.prices.map { "  \($0.date) \($0.commit.prefix(7)) \(written($0))\n" }.joined()
            block(heading + "\n" + rows)
        }
        if unpriced > 0 {
            block("\(unpriced) \(unpriced == 1 ? "item has" : "items have") no price in the history\n")
        }
    }

    /// `item,date,commit,price`, then one row per price, as RFC 4180 (texts that a spreadsheet
    /// would run as a formula get a leading `'`, as in `export`). Written an item at a time.
    public func writeCSV(to write: (String) -> Void) {
        write("item,date,commit,price\r\n")
        for item in items where !item.prices.isEmpty {
            let name = Self.csvField(item.name)
            write(item.prices.map { name + "," + $0.date + "," + $0.commit + "," + $0.text + "\r\n" }.joined())
        }
    }

    /// `[{"item": NAME, "prices": [{"date", "commit", "price"}]}]` and a line break, prices as
    /// decimal strings. Written an item at a time.
    public func writeJSON(to write: (String) -> Void) {
        var writer = JSONWriter()
        writer.open(.array)
        for item in items {
            writer.value([
                "item": .string(item.name),
                "prices": .array(
                    item.prices.map { ["date": .string($0.date), "commit": .string($0.commit), "price": .string($0.text)] }),
            ])
            write(String(decoding: writer.take(), as: UTF8.self))
        }
        writer.close()
        write(String(decoding: writer.take(), as: UTF8.self) + "\n")
    }

    /// The names of the newest version's items, as shown.
    public var names: [String] {
        items.indices.map { newest.displayName(shownItem($0)) }
    }

    static func csvField(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let guarded = bytes.withUnsafeBufferPointer(SpreadsheetFormula.needsGuard)
        if guarded { bytes.insert(UInt8(ascii: "'"), at: 0) }
        let field = String(decoding: bytes, as: UTF8.self)
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
