import ShopCore

/// The table `shop list` prints: a title, a header row, the items grouped in sections with their
/// columns aligned by display width, a subtotal under each section when items are grouped (but for
/// a section in which nothing has a price), and the total and what is still to get.
///
/// ```
/// Weekly groceries
///
///       Name             Qty  Unit   Price  Total
///
/// Produce
///   [ ] Apples             6  pcs     3.49  20.94
///   [x] Bananas            1  kg      1.99   1.99
///       Subtotal                            22.93
///
/// Total: 22.93 EUR
/// Still to get: 20.94 EUR
/// ```
///
/// A `Size` column follows `Unit` when an item shown has a size. The sections and rows are those
/// of ``CategorySections``. The items are gone through twice: once
/// for the widths of the columns and the totals, once to write their rows, so that no row is held.
struct ListTable {
    static let header = ["Name", "Qty", "Unit", "Size", "Price", "Total"]
    /// The column of sizes: shown only when an item shown has a size.
    static let sizeColumn = 3
    /// Which columns are numbers, aligned to the right.
    static let rightAligned = [false, true, false, false, true, true]
    /// The widest a column is made to line up the cells under it: a cell wider than this (a name
    /// pasted with a whole recipe in it) runs past the columns to its right in its own row only,
    /// instead of pushing them off every row's screen.
    static let widestAligned = 60
    /// What comes before the name: two spaces and the checkbox.
    static let markWidth = 6

    let decimals: Int
    let currency: Currency?
    private let sections: [CategorySections.Section]
    /// The total of each section's items.
    private var subtotals: [ListTotals] = []
    private var totals: ListTotals
    private var stillToGet: ListTotals
    /// Whether an item shown has a size, which its column is shown for.
    private var hasSize = false
    /// The widest cell of each column.
    private var widths = Self.header.map(DisplayWidth.of)

    /// The table of `sections`, the items of `list` it shows.
    init(list: ShoppingList, sections: [CategorySections.Section]) {
        decimals = list.priceDecimals
        currency = list.currency
        self.sections = sections
        totals = ListTotals(decimals: decimals)
        stillToGet = ListTotals(decimals: decimals)
        for section in sections {
            var subtotal = ListTotals(decimals: decimals)
            for item in section.items {
                totals.add(item)
                subtotal.add(item)
                if item.buy && !item.done { stillToGet.add(item) }
                if item.size != nil { hasSize = true }
                for (column, cell) in cells(of: item).enumerated() {
                    widths[column] = max(widths[column], DisplayWidth.of(cell, upTo: Self.widestAligned))
                }
            }
            subtotals.append(subtotal)
        }
    }

    /// The cells of an item's row.
    private func cells(of item: Item) -> [String] {
        let price = item.price
        let lineTotal = price.map { ListTotals.lineTotal(price: $0, quantity: item.effectiveQuantity, decimals: decimals) }
        return [
            Self.terminalSafe(item.name ?? ""),
            item.effectiveQuantity.description,
            Self.terminalSafe(item.unit ?? ""),
            Self.terminalSafe(item.size ?? ""),
            price?.formatted(decimals: decimals) ?? "",
            lineTotal?.formatted(decimals: decimals) ?? "",
        ]
    }

    /// Writes the table under `title`, styled for the console's standard output, a line at a time.
    func write(title: String, console: Console) {
        let grouped = sections.contains { $0.heading != nil }
        // A group in which nothing has a price has no sum to show: a subtotal of 0.00 would say
        // its things cost nothing.
        let subtotalCells = { (subtotal: ListTotals) -> [String]? in
            guard grouped, subtotal.unpricedCount < subtotal.itemCount else { return nil }
            return ["Subtotal", "", "", "", "", subtotal.total.formatted(decimals: decimals)]
        }
        var widths = widths
        for subtotal in subtotals {
            for (column, cell) in (subtotalCells(subtotal) ?? []).enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell, upTo: Self.widestAligned))
            }
        }
        func line(_ mark: String, _ cells: [String]) -> String {
            var text = mark
            for (column, cell) in cells.enumerated() where hasSize || column != Self.sizeColumn {
                if column > 0 { text += "  " }
                text += DisplayWidth.pad(cell, to: widths[column], alignRight: Self.rightAligned[column])
            }
            while text.last == " " { text.removeLast() }
            return text
        }

        let out = console.out
        out.write(console.styled(Self.terminalSafe(title), .bold) + "\n\n")
        out.write(console.styled(line(String(repeating: " ", count: Self.markWidth), Self.header), .dim) + "\n")
        for (section, subtotal) in zip(sections, subtotals) {
            out.write("\n")
            if let heading = section.heading {
                out.write(console.styled(Self.terminalSafe(heading), .bold) + "\n")
            }
            for item in section.items {
                let cells = cells(of: item)
                if item.done {
                    out.write(console.styled(line("  [x] ", cells), .dim) + "\n")
                } else {
                    out.write(line(item.buy ? "  [ ] " : "      ", cells) + "\n")
                }
            }
            if let cells = subtotalCells(subtotal) {
                out.write(console.styled(line("      ", cells), .dim) + "\n")
            }
        }
        var stillLine = "Still to get: " + stillToGet.formattedTotal(currency: currency)
        if let note = stillToGet.unpricedNote { stillLine += " (\(note))" }
        out.write("\n" + console.styled(totals.summary(currency: currency), .bold) + "\n")
        out.write(console.styled(stillLine, .bold) + "\n")
    }

    /// Text that cannot break the table or drive the terminal: control characters are shown as
    /// their Unicode control pictures (a line feed as `␊`, a tab as `␉`, escape as `␛`).
    static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: DiagnosticRenderer.isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            } else if scalar.value == 0x7F {
                result.unicodeScalars.append("\u{2421}")
            } else if DiagnosticRenderer.isControl(scalar) {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
