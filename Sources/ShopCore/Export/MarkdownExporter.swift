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
/// and the line total when the price is known (without the currency code). The quantity matters
/// when the item has a unit (`6 pcs`, `1 kg`; a unit that starts with a digit is a pack size, so
/// `500 g` for one and `2 × 500 g` for two) or a quantity other than 1 (`×4`), and, as `×1`, when the
/// name alone would be read back as more than a name (`Heinz 57 — ×1`, not 57 of Heinz). Notes follow the item as a block
/// quote indented into the item, so every renderer keeps them inside it; their line breaks are
/// kept. The last line is the total of the known line totals, with the currency code, and how
/// many items have no price. Names, headings, units and notes are escaped by ``MarkdownText`` so
/// that they render as written. LF line ends and a final newline.
public enum MarkdownExporter {
    /// Writes the export to `output`, in chunks.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        ExportWriter.write(to: output) { writer in
            var scratch: [UInt8] = []
            let decimals = list.priceDecimals
            var totals = ListTotals(decimals: decimals)
            writer.append("# ")
            appendEscaped(list.displayTitle(fallback: options.fallbackTitle), to: &writer, scratch: &scratch)
            writer.append("\n")
            ExportWriter.writeSections(
                CategorySections(list: list, scope: options.scope, store: options.store), of: list, totals: &totals,
                to: &writer,
                start: { heading, writer in
                    if let heading {
                        writer.append("\n## ")
                        appendEscaped(heading, to: &writer, scratch: &scratch)
                        writer.append("\n")
                    }
                    writer.append("\n")
                },
                item: { appendItem($0, decimals: decimals, to: &$1, scratch: &scratch) })
            writer.append("\n**Total: ")
            writer.append(string: totals.formattedTotal(currency: list.currency))
            writer.append("**")
            if let note = totals.unpricedNote {
                writer.append(string: " (\(note))")
            }
            writer.append("\n")
        }
    }

    /// `- [ ] Apples — 6 pcs — 20.94`, a line end, and the notes.
    static func appendItem(
        _ entry: ItemView, decimals: Int, to writer: inout ExportWriter, scratch: inout [UInt8]
    ) {
        writer.append(entry.done ? "- [x] " : "- [ ] ")
        appendItemText(entry, decimals: decimals, to: &writer, scratch: &scratch)
        writer.append("\n")
        if let notes = entry.text(.notes) {
            appendQuotedNotes(notes, to: &writer, scratch: &scratch)
        }
    }

    /// An item's line after its box: `Apples — 6 pcs — 20.94`, the name escaped.
    static func appendItemText(
        _ entry: ItemView, decimals: Int, to writer: inout ExportWriter, scratch: inout [UInt8]
    ) {
        let name = entry.text(.name)
        if let name {
            appendEscaped(name, to: &writer, scratch: &scratch)
        }
        let quantity = entry.effectiveQuantity
        let isOne = quantity == DecimalNumber(1)
        let unit = entry.text(.unit)
        let size = entry.text(.size)
        // `Heinz 57` alone would come back as 57 of Heinz: the quantity settles it.
        let needsCount =
            name != nil && unit == nil && isOne && entry.price == nil
            && !readsAsNameAlone(escaped: scratch, name: name.map { String(decoding: $0, as: UTF8.self) } ?? "", size: size)
        if let size {
            // `Coffee beans (500 g)`: what one unit holds, after the name.
            writer.append(" (")
            appendEscaped(size, to: &writer, scratch: &scratch)
            writer.append(")")
        }
        if needsCount {
            writer.append(" — ×1")
        }
        if let unit {
            writer.append(" — ")
            if !startsWithNumber(unit) || !isOne {
                writer.appendShortest(quantity)
                writer.append(startsWithNumber(unit) ? " × " : " ")
            }
            appendEscaped(unit, to: &writer, scratch: &scratch)
        } else if !isOne {
            writer.append(" — ×")
            writer.appendShortest(quantity)
        }
        if let price = entry.price {
            writer.append(" — ")
            writer.append(
                ListTotals.lineTotal(price: price, quantity: quantity, decimals: decimals), decimals: decimals)
        }
    }

    /// Whether the line of an item with no details, its escaped name `escaped`, is read back by
    /// ``MarkdownItemText`` as the item named `name` and nothing more. A name that a line typed by
    /// hand would read otherwise (`Heinz 57`, `2 kg flour`) or refuse (`2-3 apples`) is not, nor
    /// one that ends in the separator and something that reads as a detail.
    /// With a `size`, the line is read with it after the name.
    private static func readsAsNameAlone(escaped: [UInt8], name: String, size: UnsafeBufferPointer<UInt8>?) -> Bool {
        var text = String(decoding: escaped, as: UTF8.self)
        var expected = MarkdownImportItem.Reading(name: name)
        if let size {
            let written = String(decoding: size, as: UTF8.self)
            text += " (" + MarkdownText.escaped(written) + ")"
            // A size of another form (`2 lb`, which check warns about) is read as part of the
            // name; a count would not change that.
            if PackSize.reading(written) != nil {
                expected.size = written
            } else {
                expected = MarkdownImportItem.Reading(name: name + " (" + written + ")")
            }
        }
        let read = MarkdownItemText.readings(Substring(text))
        return read.typedFailure == nil && read.preferred == expected
    }

    /// Whether a unit starts with a number, making it a pack size (`500 g`).
    static func startsWithNumber(_ unit: UnsafeBufferPointer<UInt8>) -> Bool {
        // The first scalar is at most four bytes long.
        let head = String(decoding: UnsafeBufferPointer(rebasing: unit.prefix(4)), as: UTF8.self)
        return head.unicodeScalars.first?.properties.numericType != nil
    }

    /// Notes as a block quote inside the item: one quote line per line of the notes, a hard break
    /// (`\`) ending every line that another line of the same paragraph follows, and an empty quote
    /// line between paragraphs. Blank lines (only spaces and tabs) at the start and end are dropped.
    private static func appendQuotedNotes(
        _ notes: UnsafeBufferPointer<UInt8>, to writer: inout ExportWriter, scratch: inout [UInt8]
    ) {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in notes.enumerated() where byte == 0x0A {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<notes.count)
        let isBlank = { (line: Range<Int>) in notes[line].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let last = lines.lastIndex(where: { !isBlank($0) })
        else { return }
        var index = first
        while index <= last {
            if isBlank(lines[index]) {
                writer.append("  >\n")
                while isBlank(lines[index]) { index += 1 }
                continue
            }
            writer.append("  > ")
            appendEscaped(UnsafeBufferPointer(rebasing: notes[lines[index]]), to: &writer, scratch: &scratch)
            let continues = index < last && !isBlank(lines[index + 1])
            writer.append(continues ? "\\\n" : "\n")
            index += 1
        }
    }

    static func appendEscaped(_ text: String, to writer: inout ExportWriter, scratch: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &writer, scratch: &scratch) }
    }

    private static func appendEscaped(
        _ text: UnsafeBufferPointer<UInt8>, to writer: inout ExportWriter, scratch: inout [UInt8]
    ) {
        scratch.removeAll(keepingCapacity: true)
        MarkdownText.append(text, to: &scratch)
        scratch.withUnsafeBufferPointer { writer.append($0) }
    }
}
