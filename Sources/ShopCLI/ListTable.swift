import ShopCore

/// The table `shop list` prints: a title, a header row, the items grouped in sections with their
/// columns aligned by display width, a subtotal under each section when items are grouped, and the
/// total and what is still to get.
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
struct ListTable {
    /// One item's row: its mark and its name, quantity, unit, price and line total as text.
    struct Row {
        enum Mark {
            /// On the list, not yet in the basket: `[ ]`.
            case toGet
            /// In the basket: `[x]`.
            case done
            /// Not on the list (shown with --all): no box.
            case none
            /// A section's subtotal.
            case subtotal
        }

        var mark: Mark
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
    let summary: [String]

    init(list: ShoppingList, sections: [CategorySections.Section], title: String) {
        let decimals = list.priceDecimals
        var totals = ListTotals(decimals: decimals)
        var stillToGet = ListTotals(decimals: decimals)
        let grouped = sections.contains { $0.heading != nil }
        blocks = sections.map { section in
            var subtotal = ListTotals(decimals: decimals)
            var rows = section.items.map { item in
                totals.add(item)
                subtotal.add(item)
                if item.buy && !item.done { stillToGet.add(item) }
                let price = item.price
                let lineTotal = price.map {
                    ListTotals.lineTotal(price: $0, quantity: item.effectiveQuantity, decimals: decimals)
                }
                return Row(
                    mark: item.done ? .done : (item.buy ? .toGet : .none),
                    cells: [
                        Self.terminalSafe(item.name ?? ""),
                        item.effectiveQuantity.description,
                        Self.terminalSafe(item.unit ?? ""),
                        price?.formatted(decimals: decimals) ?? "",
                        lineTotal?.formatted(decimals: decimals) ?? "",
                    ])
            }
            if grouped {
                rows.append(Row(mark: .subtotal, cells: ["Subtotal", "", "", "", subtotal.total.formatted(decimals: decimals)]))
            }
            return Block(heading: section.heading.map(Self.terminalSafe), rows: rows)
        }
        self.title = Self.terminalSafe(title)
        var stillLine = "Still to get: " + stillToGet.formattedTotal(currency: list.currency)
        if let note = stillToGet.unpricedNote { stillLine += " (\(note))" }
        summary = [totals.summary(currency: list.currency), stillLine]
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
                switch row.mark {
                case .toGet: output += line("  [ ] ", row.cells) + "\n"
                case .done: output += console.styled(line("  [x] ", row.cells), .dim) + "\n"
                case .none: output += line("      ", row.cells) + "\n"
                case .subtotal: output += console.styled(line("      ", row.cells), .dim) + "\n"
                }
            }
        }
        output += "\n" + summary.map { console.styled($0, .bold) }.joined(separator: "\n") + "\n"
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
