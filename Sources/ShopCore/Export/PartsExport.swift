/// An export written while its list is read in parts (``ShoppingList/readInParts(_:limits:_:)``):
/// each part's items as the part comes, and what ends the export with the last part, so that a
/// long list is exported in the memory of a few hundred items. What it writes is what
/// ``ExportFormat/write(_:options:to:)`` writes for the whole list.
///
/// CSV and JSON, whose items follow the file's order, are written this way. Markdown and HTML
/// group the items by category, which only the whole list tells: they are written from it.
public final class PartsExport {
    private let format: ExportFormat
    private let options: ExportOptions
    private var writer: ExportWriter
    /// The totals so far, once the export has begun.
    private var totals: ListTotals?

    /// Whether `format` can be written in parts.
    public static func writesInParts(_ format: ExportFormat) -> Bool {
        format == .csv || format == .json
    }

    /// An export in `format` handed to `output` in chunks; nil for a format written from the
    /// whole list.
    public init?(format: ExportFormat, options: ExportOptions, output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        guard Self.writesInParts(format) else { return nil }
        self.format = format
        self.options = options
        writer = ExportWriter(output: output)
    }

    /// Writes the items of a part: the first part begins the export, with the top level it holds.
    public func write(_ part: ShoppingList) {
        var totals = begin(part)
        switch format {
        case .csv:
            CSVExporter.writeRecords(part, options: options, positions: 0..<part.records.count, to: &writer)
        case .json:
            JSONExporter.writeItems(part, options: options, totals: &totals, to: &writer)
        case .markdown, .html:
            break
        }
        self.totals = totals
    }

    /// Writes the last part's items and what ends the export, and hands everything on.
    public func finish(_ rest: ShoppingList) {
        write(rest)
        if format == .json, let totals { JSONExporter.writeEnd(totals, to: &writer) }
        writer.flush()
    }

    /// The totals so far, having begun the export with what comes before the first item.
    private func begin(_ list: ShoppingList) -> ListTotals {
        if let totals { return totals }
        switch format {
        case .csv: CSVExporter.writeHeader(to: &writer)
        case .json: JSONExporter.writeStart(list, options: options, to: &writer)
        case .markdown, .html: break
        }
        return ListTotals(decimals: list.priceDecimals)
    }
}
