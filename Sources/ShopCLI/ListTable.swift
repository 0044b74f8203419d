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
/// Rows are added one item at a time, under the item's group (``CategorySectioning``), as a list
/// is read in parts; each is kept as its cells' text only, in section texts that a long list's
/// table may keep in a temporary file (``SpooledSections``). The widths of the columns are known
/// once every row is in.
struct ListTable {
    /// How a row starts.
    enum Mark: UInt8 {
        /// On the list, not yet in the basket: `[ ]`.
        case toGet
        /// In the basket: `[x]`.
        case done
        /// Not on the list (shown with --all): no box.
        case none
        /// A section's subtotal.
        case subtotal
    }

    static let header = ["Name", "Qty", "Unit", "Price", "Total"]
    /// Which columns are numbers, aligned to the right.
    static let rightAligned = [false, true, false, true, true]
    /// The widest a column is made to line up the cells under it: a cell wider than this (a name
    /// pasted with a whole recipe in it) runs past the columns to its right in its own row only,
    /// instead of pushing them off every row's screen.
    static let widestAligned = 60
    /// What comes before the name: two spaces and the checkbox.
    static let markWidth = 6
    /// Ends each cell of a kept row: cells are terminal-safe text, which has no control characters.
    static let cellEnd: UInt8 = 0

    let decimals: Int
    let currency: Currency?
    /// The rows of each group, as section `group + 1` (the uncategorized items as section 0): a
    /// mark byte, then the cells, each ended by ``cellEnd``.
    private let rows: any SectionTexts
    private var subtotals: [Int: ListTotals] = [:]
    private var totals: ListTotals
    private var stillToGet: ListTotals
    /// The widest cell of each column so far.
    private var widths = Self.header.map(DisplayWidth.of)

    /// An empty table for a list whose money has `decimals` decimals, in `currency`, its rows kept
    /// in `rows`.
    init(decimals: Int, currency: Currency?, rows: any SectionTexts = SectionTextsInMemory()) {
        self.decimals = decimals
        self.currency = currency
        self.rows = rows
        totals = ListTotals(decimals: decimals)
        stillToGet = ListTotals(decimals: decimals)
    }

    /// Adds the row of `item` to the rows of `group` (nil: the items without a category).
    mutating func add(_ item: Item, group: Int?) {
        let key = group ?? -1
        totals.add(item)
        subtotals[key, default: ListTotals(decimals: decimals)].add(item)
        if item.buy && !item.done { stillToGet.add(item) }
        let price = item.price
        let lineTotal = price.map { ListTotals.lineTotal(price: $0, quantity: item.effectiveQuantity, decimals: decimals) }
        let cells = [
            Self.terminalSafe(item.name ?? ""),
            item.effectiveQuantity.description,
            Self.terminalSafe(item.unit ?? ""),
            price?.formatted(decimals: decimals) ?? "",
            lineTotal?.formatted(decimals: decimals) ?? "",
        ]
        let mark: Mark = item.done ? .done : (item.buy ? .toGet : .none)
        var row = [mark.rawValue]
        for (column, cell) in cells.enumerated() {
            widths[column] = max(widths[column], DisplayWidth.of(cell, upTo: Self.widestAligned))
            row.append(contentsOf: cell.utf8)
            row.append(Self.cellEnd)
        }
        row.withUnsafeBufferPointer { rows.append($0, to: key + 1) }
    }

    /// Whether the group `group` has rows.
    func hasRows(_ group: Int?) -> Bool {
        !rows.isEmpty((group ?? -1) + 1)
    }

    /// Writes the table of `sections` (in the order they come) under `title`, styled for the
    /// console's standard output, a line at a time.
    func write(title: String, sections: [CategorySectioning.Section], console: Console) {
        let grouped = sections.contains { $0.heading != nil }
        // A group in which nothing has a price has no sum to show: a subtotal of 0.00 would say
        // its things cost nothing.
        let subtotalCells = { (group: Int?) -> [String]? in
            guard grouped, let subtotal = subtotals[group ?? -1], subtotal.unpricedCount < subtotal.itemCount else {
                return nil
            }
            return ["Subtotal", "", "", "", subtotal.total.formatted(decimals: decimals)]
        }
        var widths = widths
        if grouped {
            for section in sections {
                for (column, cell) in (subtotalCells(section.group) ?? []).enumerated() {
                    widths[column] = max(widths[column], DisplayWidth.of(cell, upTo: Self.widestAligned))
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

        let out = console.out
        out.write(console.styled(Self.terminalSafe(title), .bold) + "\n\n")
        out.write(console.styled(line(String(repeating: " ", count: Self.markWidth), Self.header), .dim) + "\n")
        for section in sections {
            out.write("\n")
            if let heading = section.heading {
                out.write(console.styled(Self.terminalSafe(heading), .bold) + "\n")
            }
            forEachRow(of: section.group) { mark, cells in
                switch mark {
                case .toGet: out.write(line("  [ ] ", cells) + "\n")
                case .done: out.write(console.styled(line("  [x] ", cells), .dim) + "\n")
                case .none, .subtotal: out.write(line("      ", cells) + "\n")
                }
            }
            if let cells = subtotalCells(section.group) {
                out.write(console.styled(line("      ", cells), .dim) + "\n")
            }
        }
        var stillLine = "Still to get: " + stillToGet.formattedTotal(currency: currency)
        if let note = stillToGet.unpricedNote { stillLine += " (\(note))" }
        out.write("\n" + console.styled(totals.summary(currency: currency), .bold) + "\n")
        out.write(console.styled(stillLine, .bold) + "\n")
    }

    /// Calls `body` with the mark and cells of each row of `group`, in the order they were added.
    private func forEachRow(of group: Int?, _ body: (Mark, [String]) -> Void) {
        // The text comes in pieces, which may end inside a row: the end of one waits for the next.
        // How far a row that waits was looked through is kept, so that a long row is looked
        // through once, not again with each piece.
        var pending: [UInt8] = []
        var cells: [String] = []
        var cellStart = 1
        var index = 1
        rows.deliver((group ?? -1) + 1) { piece in
            pending.append(contentsOf: piece)
            var start = 0
            while start < pending.count {
                // A row: its mark, then a cell for each column, each ended by `cellEnd`.
                while cells.count < Self.header.count && index < pending.count {
                    if pending[index] == Self.cellEnd {
                        cells.append(String(decoding: pending[cellStart..<index], as: UTF8.self))
                        cellStart = index + 1
                    }
                    index += 1
                }
                guard cells.count == Self.header.count else { break }
                body(Mark(rawValue: pending[start]) ?? .none, cells)
                start = index
                cells.removeAll(keepingCapacity: true)
                cellStart = start + 1
                index = cellStart
            }
            pending.removeFirst(start)
            cellStart -= start
            index -= start
        }
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
