/// Writes a list as a GitHub-flavoured Markdown task list, ready to print or to tick off on a phone:
///
/// ```markdown
/// # Weekly groceries
///
/// ## Produce
///
/// - [ ] Apples — 6 pcs — 20.94
/// - [x] Bananas — 1 kg — 1.99
///
/// ## Dairy
///
/// - [ ] Oat milk — 2 l — 3.78
///   > Barista edition.\
///   > Not the sweetened one.
///
/// **Total: 26.71 EUR** (1 item without a price)
/// ```
///
/// A `#` heading with the title; then the items grouped as ``CategorySections`` groups them, one
/// `##` section each (no sections when no item has a category). One line per item: `- [ ]`, or
/// `- [x]` when done, the name, then, separated by ` — `, the quantity and unit when they matter
/// (see ``quantityText(_:)``) and the line total when the price is known (without the currency
/// code). Notes follow the item as a block
/// quote indented into the item, so every renderer keeps them inside it; their line breaks are
/// kept. The last line is the total of the known line totals, with the currency code, and how
/// many items have no price. Names, headings, units and notes are escaped by ``MarkdownText`` so
/// that they render as written. LF line ends and a final newline.
public enum MarkdownExporter {
    /// What separates the name, the quantity and the line total on an item's line.
    public static let detailSeparator = " — "

    /// Writes the export to `output`, in chunks.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(output) { output in
            var writer = ExportWriter(output: output)
            let decimals = list.priceDecimals
            var totals = ListTotals(decimals: decimals)
            writer.append("# ")
            writer.append(string: MarkdownText.escaped(list.displayTitle(fallback: options.fallbackTitle)))
            writer.append("\n")
            for section in CategorySections(list: list, scope: options.scope).sections {
                if let heading = section.heading {
                    writer.append("\n## ")
                    writer.append(string: MarkdownText.escaped(heading))
                    writer.append("\n")
                }
                writer.append("\n")
                for item in section.items {
                    totals.add(item)
                    writer.append(string: itemLine(item, decimals: decimals))
                    if let notes = item.notes {
                        writer.append(string: quotedNotes(notes))
                    }
                    writer.flushIfFull()
                }
            }
            writer.append("\n**Total: ")
            writer.append(string: totals.formattedTotal(currency: list.currency))
            writer.append("**")
            if let note = totals.unpricedNote {
                writer.append(string: " (\(note))")
            }
            writer.append("\n")
            writer.flush()
        }
    }

    /// The export as bytes.
    public static func export(_ list: ShoppingList, options: ExportOptions) -> [UInt8] {
        var bytes: [UInt8] = []
        write(list, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// `- [ ] Apples — 6 pcs — 20.94` and a line end.
    static func itemLine(_ item: Item, decimals: Int) -> String {
        var line = item.done ? "- [x] " : "- [ ] "
        line += MarkdownText.escaped(item.name ?? "")
        if let amount = quantityText(item) {
            line += detailSeparator + amount
        }
        if let price = item.price {
            let total = ListTotals.lineTotal(price: price, quantity: item.effectiveQuantity, decimals: decimals)
            line += detailSeparator + total.formatted(decimals: decimals)
        }
        return line + "\n"
    }

    /// The quantity when it matters: with the unit when there is one (`6 pcs`, `1 kg`; a unit that
    /// starts with a digit is a pack size, so `500 g` for one and `2 × 500 g` for two), else `×4`
    /// for a quantity other than 1; nil for one piece without a unit.
    static func quantityText(_ item: Item) -> String? {
        let quantity = item.effectiveQuantity
        let isOne = quantity == DecimalNumber(1)
        guard let unit = item.unit else {
            return isOne ? nil : "×\(quantity)"
        }
        let escapedUnit = MarkdownText.escaped(unit)
        guard let first = unit.unicodeScalars.first, first.properties.numericType != nil else {
            return "\(quantity) \(escapedUnit)"
        }
        return isOne ? escapedUnit : "\(quantity) × \(escapedUnit)"
    }

    /// Notes as a block quote inside the item: one quote line per line of the notes, a hard break
    /// (`\`) ending every line that another line of the same paragraph follows, and an empty quote
    /// line between paragraphs. Blank lines at the start and end are dropped.
    static func quotedNotes(_ notes: String) -> String {
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isBlank: (String) -> Bool = { $0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }),
            let last = lines.lastIndex(where: { !isBlank($0) })
        else { return "" }
        var text = ""
        var index = first
        while index <= last {
            if isBlank(lines[index]) {
                text += "  >\n"
                while isBlank(lines[index]) { index += 1 }
                continue
            }
            text += "  > " + MarkdownText.escaped(lines[index])
            let continues = index < last && !isBlank(lines[index + 1])
            text += continues ? "\\\n" : "\n"
            index += 1
        }
        return text
    }
}
