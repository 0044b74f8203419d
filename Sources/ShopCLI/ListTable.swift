import ShopCore

/// The table `shop list` prints: a title, a header row, the items grouped in sections with their
/// columns aligned by display width, and the total.
///
/// ```
/// Weekly groceries
///
///       Name             Qty  Unit   Price  Total
///
/// Produce
///   [ ] Apples             6  pcs     3.49  20.94
///   [x] Bananas            1  kg      1.99   1.99
///
/// Total: 22.93 EUR
/// ```
struct ListTable {
    /// One item's row: name, quantity, unit, price and line total as text.
    struct Row {
        var done: Bool
        var cells: [String]
    }

    /// A section: its heading (nil when the items are not grouped) and rows.
    struct Block {
        var heading: String?
        var rows: [Row]
    }

    static let header = ["Name", "Qty", "Unit", "Price", "Total"]
    /// Which columns are numbers, aligned to the right.
    static let rightAligned = [false, true, false, true, true]
    /// What comes before the name: two spaces and the checkbox.
    static let markWidth = 6

    let title: String
    let blocks: [Block]
    let summary: String

    init(list: ShoppingList, sections: CategorySections, title: String) {
        let decimals = list.priceDecimals
        var totals = ListTotals(decimals: decimals)
        blocks = sections.sections.map { section in
            Block(
                heading: section.heading.map(Self.terminalSafe),
                rows: section.items.map { item in
                    totals.add(item)
                    let price = item.price
                    let lineTotal = price.map {
                        ListTotals.lineTotal(price: $0, quantity: item.effectiveQuantity, decimals: decimals)
                    }
                    return Row(
                        done: item.done,
                        cells: [
                            Self.terminalSafe(item.name ?? ""),
                            item.effectiveQuantity.description,
                            Self.terminalSafe(item.unit ?? ""),
                            price?.formatted(decimals: decimals) ?? "",
                            lineTotal?.formatted(decimals: decimals) ?? "",
                        ])
                })
        }
        self.title = Self.terminalSafe(title)
        summary = totals.summary(currency: list.currency)
    }

    /// The table as text, styled for the console's standard output.
    func render(console: Console) -> String {
        var widths = Self.header.map(DisplayWidth.of)
        for block in blocks {
            for row in block.rows {
                for (column, cell) in row.cells.enumerated() {
                    widths[column] = max(widths[column], DisplayWidth.of(cell))
                }
            }
        }
        func line(_ mark: String, _ cells: [String]) -> String {
            var text = mark
            for (column, cell) in cells.enumerated() {
                if column > 0 { text += "  " }
                text += DisplayWidth.pad(cell, to: widths[column], alignRight: Self.rightAligned[column])
            }
            while text.last == " " { text.removeLast() }
            return text
        }

        var output = console.styled(title, .bold) + "\n\n"
        output += console.styled(line(String(repeating: " ", count: Self.markWidth), Self.header), .dim) + "\n"
        for block in blocks {
            output += "\n"
            if let heading = block.heading {
                output += console.styled(heading, .bold) + "\n"
            }
            for row in block.rows {
                let text = line(row.done ? "  [x] " : "  [ ] ", row.cells)
                output += (row.done ? console.styled(text, .dim) : text) + "\n"
            }
        }
        output += "\n" + console.styled(summary, .bold) + "\n"
        return output
    }

    /// Text that cannot break the table or drive the terminal: control characters are shown as
    /// their Unicode control pictures (a line feed as `␊`, a tab as `␉`, escape as `␛`).
    static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            } else if scalar.value == 0x7F {
                result.unicodeScalars.append("\u{2421}")
            } else if isControl(scalar) {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
