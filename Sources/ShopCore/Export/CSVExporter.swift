import Threads

/// Writes a list as CSV: RFC 4180 (comma separated, CRLF after every record, a field quoted only
/// when it holds a comma, a quote or a line break, quotes doubled inside), UTF-8 without a byte
/// order mark.
///
/// One header record, `name,quantity,unit,price,total,category,buy,done,notes,id`, then one record
/// per item in file order. When an exported item has a `size`, a `size` column follows `unit`; a
/// list without sizes is exported exactly as before the key existed. Numbers are plain decimals with `.`: the quantity always (1 when the
/// file has none) in its shortest form, the price with the currency's decimals, the total (price
/// times quantity rounded half to even to the currency's decimals) empty without a price. `buy`
/// and `done` are `true` or `false`. Line breaks inside notes are kept as written (LF), inside the
/// quoted field. A text field that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets
/// a leading `'`, so that spreadsheets never run it as a formula; so does one that begins with
/// `'`s followed by one of those, so that a reader can take exactly one `'` off every guarded
/// field and get the text back.
public enum CSVExporter {
    /// The columns of `list`'s export in `scope`, in order (``CSVColumn/allCases``): the item keys
    /// in their export order and the line total after the price; `size` only when an exported
    /// item has one.
    static func columns(of list: ShoppingList, in scope: ItemScope) -> [CSVColumn] {
        list.hasSize(in: scope) ? CSVColumn.allCases : unsizedColumns
    }

    private static let unsizedColumns = CSVColumn.allCases.filter { $0.key != .size }

    /// The header record of a list without sizes, without its line end.
    public static let header = unsizedColumns.map(\.title).joined(separator: ",")

    /// Writes the export to `output`, in chunks. A large list is written by two threads, each
    /// writing half the records: the second half is collected while the first is handed on.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        write(list, options: options, sharing: list.records.count >= sharedExportSize, to: output)
    }

    /// Writes the export to `output`, on two threads when `sharing`.
    static func write(
        _ list: ShoppingList, options: ExportOptions, sharing: Bool, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(output) { output in
            var writer = ExportWriter(output: output)
            let columns = columns(of: list, in: options.scope)
            writer.append(string: columns.map(\.title).joined(separator: ","))
            writer.append("\r\n")
            let count = list.records.count
            guard sharing else {
                writeRecords(list, options: options, columns: columns, positions: 0..<count, to: &writer)
                writer.flush()
                return
            }
            // Room for more than the half can need (an item's record is shorter than its YAML), so
            // that collecting it never copies it: pages not written cost nothing.
            var secondHalf: [UInt8] = []
            secondHalf.reserveCapacity(list.document.source.bytes.count)
            SharedWork.run {
                writeRecords(list, options: options, columns: columns, positions: 0..<count / 2, to: &writer)
                writer.flush()
            } alongside: {
                var collector = ExportWriter { secondHalf.append(contentsOf: $0) }
                writeRecords(list, options: options, columns: columns, positions: count / 2..<count, to: &collector)
                collector.flush()
            }
            secondHalf.withUnsafeBufferPointer(output)
        }
    }

    /// The number of items from which writing them on two threads pays for itself.
    static let sharedExportSize = 5_000

    /// The records of the items at `positions` that are in the export's scope, in `columns`.
    static func writeRecords(
        _ list: ShoppingList, options: ExportOptions, columns: [CSVColumn], positions: Range<Int>, to writer: inout ExportWriter
    ) {
        let decimals = list.priceDecimals
        list.forEachItem(in: options.scope, positions: positions) { entry in
            for (index, column) in columns.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                switch column {
                case .total:
                    if let price = entry.price {
                        writer.append(
                            ListTotals.lineTotal(price: price, quantity: entry.effectiveQuantity, decimals: decimals),
                            decimals: decimals)
                    }
                case .key(let key):
                    switch key.kind {
                    case .text: appendText(entry.text(key), to: &writer)
                    case .price: if let price = entry.price { writer.append(price, decimals: decimals) }
                    case .quantity: writer.appendShortest(entry.effectiveQuantity)
                    case .flag: writer.append((key == .buy ? entry.buy : entry.done) ? "true" : "false")
                    }
                }
            }
            writer.append("\r\n")
            writer.flushIfFull()
        }
    }

    /// One text field: empty for no value, guarded against formulas, quoted when needed.
    static func appendText(_ text: UnsafeBufferPointer<UInt8>?, to writer: inout ExportWriter) {
        guard let text, !text.isEmpty else { return }
        let guarded = SpreadsheetFormula.needsGuard(text)
        var quoted = false
        // The four bytes that call for quotes are all below `-`, which most bytes of a text are not.
        for byte in text where byte < UInt8(ascii: "-")
            && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D)
        {
            quoted = true
            break
        }
        if quoted { writer.append(UInt8(ascii: "\"")) }
        if guarded { writer.append(UInt8(ascii: "'")) }
        if quoted {
            var start = 0
            for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\"") {
                writer.append(UnsafeBufferPointer(rebasing: text[start...index]))
                writer.append(UInt8(ascii: "\""))
                start = index + 1
            }
            writer.append(UnsafeBufferPointer(rebasing: text[start...]))
            writer.append(UInt8(ascii: "\""))
        } else {
            writer.append(text)
        }
    }
}
