import JSON

/// Writes a list as one JSON object (RFC 8259, UTF-8), the same bytes for the same input:
///
/// ```json
/// {
///   "title": "Weekly groceries",
///   "currency": "EUR",
///   "items": [
///     {
///       "name": "Apples",
///       "id": null,
///       "price": "3.49",
///       "quantity": 6,
///       "unit": "pcs",
///       "category": "Produce",
///       "buy": true,
///       "done": false,
///       "notes": null,
///       "total": "20.94"
///     }
///   ],
///   "total": "20.94"
/// }
/// ```
///
/// `title` is the list's title (or the fallback title); `currency` the code, or null. Every item
/// has every key, in the canonical order of the file format, then its line `total`; a value the
/// item does not have is null, but for `size`, which only an item that has one has. Money (`price`, both `total`s) is a decimal string with the
/// currency's decimals, never a binary float; the quantity is a JSON number, 1 when the file has
/// none. The list `total` is the sum of the rounded line totals, `"0.00"` (in the currency's
/// decimals) when no item has a price. Two spaces of indentation, LF line ends, a final newline.
public enum JSONExporter {
    /// Writes the export to `output`, in chunks.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        ExportWriter.write(to: output) { writer in
            let decimals = list.priceDecimals
            var totals = ListTotals(decimals: decimals)
            writer.append("{\n  \"title\": ")
            appendString(list.displayTitle(fallback: options.fallbackTitle), to: &writer)
            writer.append(",\n  \"currency\": ")
            appendString(list.currency?.code, to: &writer)
            writer.append(",\n  \"items\": [")
            list.forEachItem(in: options.scope) { entry in
                writer.append(totals.itemCount == 0 ? "\n    {" : ",\n    {")
                totals.add(price: entry.price, quantity: entry.effectiveQuantity)
                for (key, member) in Self.itemMembers {
                    // `size` only on items that have one, so that a list without sizes exports as before.
                    if key == .size && entry.text(key) == nil { continue }
                    member.withUnsafeBufferPointer { writer.append($0) }
                    switch key.kind {
                    case .text: appendString(entry.text(key), to: &writer)
                    case .price: appendMoney(entry.price, decimals: decimals, to: &writer)
                    case .quantity: writer.appendShortest(entry.effectiveQuantity)
                    case .flag: writer.append((key == .buy ? entry.buy : entry.done) ? "true" : "false")
                    }
                }
                writer.append(",\n      \"total\": ")
                let lineTotal = entry.price.map {
                    ListTotals.lineTotal(price: $0, quantity: entry.effectiveQuantity, decimals: decimals)
                }
                appendMoney(lineTotal, decimals: decimals, to: &writer)
                writer.append("\n    }")
                writer.flushIfFull()
            }
            writer.append(totals.itemCount == 0 ? "],\n  \"total\": " : "\n  ],\n  \"total\": ")
            appendMoney(totals.total, decimals: decimals, to: &writer)
            writer.append("\n}\n")
        }
    }

    /// Each item key with what starts its member in an item's object (`"name": `), in the
    /// canonical order: the first on the object's first line.
    static let itemMembers: [(key: ItemKey, member: [UInt8])] = ItemKey.allCases.map { key in
        (key, Array("\(key.rank == 0 ? "" : ",")\n      \"\(key.rawValue)\": ".utf8))
    }

    private static func appendMoney(_ amount: DecimalNumber?, decimals: Int, to writer: inout ExportWriter) {
        guard let amount else {
            writer.append("null")
            return
        }
        writer.append(UInt8(ascii: "\""))
        writer.append(amount, decimals: decimals)
        writer.append(UInt8(ascii: "\""))
    }

    private static func appendString(_ text: String?, to writer: inout ExportWriter) {
        guard var text else {
            writer.append("null")
            return
        }
        text.withUTF8 { appendString($0, to: &writer) }
    }

    /// A JSON string literal, escaped as ``JSONStringEscaper`` escapes every JSON string.
    private static func appendString(_ text: UnsafeBufferPointer<UInt8>?, to writer: inout ExportWriter) {
        guard let text else {
            writer.append("null")
            return
        }
        writer.append(UInt8(ascii: "\""))
        JSONStringEscaper.escape(text) { writer.append($0) }
        writer.append(UInt8(ascii: "\""))
    }
}
