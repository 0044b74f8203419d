/// An export written while its list is read in parts (``ShoppingList/readInParts(_:limits:_:)``),
/// so that a long list is exported in the memory of a few hundred items besides the export. What
/// it writes is what ``ExportFormat/write(_:options:to:)`` writes for the whole list.
///
/// CSV and JSON, whose items follow the file's order, are handed on as the parts come. Markdown
/// and HTML group the items by category, in an order only the whole list tells: each item's text
/// is kept with its group's, and the sections are written in their order at the end.
public final class PartsExport {
    private let format: ExportFormat
    private let options: ExportOptions
    private var writer: ExportWriter
    /// The totals so far, once the export has begun.
    private var totals: ListTotals?
    /// For Markdown and HTML: how the items are grouped, and the text of each group's items so
    /// far (the items without a category last).
    private var grouping: CategoryGrouping?
    private var groupTexts: [[UInt8]] = []
    private var uncategorizedText: [UInt8] = []
    /// Where an item's text goes while it is written: its group's text, moved here and back.
    private var itemText: [UInt8] = []
    /// Writes an item's text into `itemText`.
    private var itemWriter: ExportWriter?
    private var scratch: [UInt8] = []

    /// An export in `format` handed to `output` in chunks.
    public init(format: ExportFormat, options: ExportOptions, output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.format = format
        self.options = options
        writer = ExportWriter(output: output)
        if format == .markdown || format == .html {
            itemWriter = ExportWriter { [unowned self] in itemText.append(contentsOf: $0) }
        }
    }

    /// Writes the items of a part (or keeps them, grouped); the first part begins the export with
    /// the top level it holds.
    public func write(_ part: ShoppingList) {
        var totals = begin(part)
        switch format {
        case .csv:
            CSVExporter.writeRecords(part, options: options, positions: 0..<part.records.count, to: &writer)
        case .json:
            JSONExporter.writeItems(part, options: options, totals: &totals, to: &writer)
        case .markdown, .html:
            group(part, totals: &totals)
        }
        self.totals = totals
    }

    /// Writes the last part's items and what ends the export, and hands everything on.
    public func finish(_ rest: ShoppingList) {
        write(rest)
        guard let totals else { return }
        switch format {
        case .csv:
            break
        case .json:
            JSONExporter.writeEnd(totals, to: &writer)
        case .markdown, .html:
            writeSections(title: rest.displayTitle(fallback: options.fallbackTitle), currency: rest.currency, totals: totals)
        }
        writer.flush()
    }

    /// The totals so far, having begun the export with what comes before the first item.
    private func begin(_ list: ShoppingList) -> ListTotals {
        if let totals { return totals }
        switch format {
        case .csv: CSVExporter.writeHeader(to: &writer)
        case .json: JSONExporter.writeStart(list, options: options, to: &writer)
        case .markdown, .html: grouping = CategoryGrouping(listed: list.categories ?? [])
        }
        return ListTotals(decimals: list.priceDecimals)
    }

    /// Keeps the text of each item of `part` in scope with its group's.
    private func group(_ part: ShoppingList, totals: inout ListTotals) {
        guard var grouping, var item = itemWriter.take() else { return }
        let decimals = part.priceDecimals
        part.forEachItem(in: options.scope) { entry in
            totals.add(price: entry.price, quantity: entry.effectiveQuantity)
            let group = grouping.group(of: entry.text(.category))
            if let group {
                while groupTexts.count <= group { groupTexts.append([]) }
                swap(&itemText, &groupTexts[group])
            } else {
                swap(&itemText, &uncategorizedText)
            }
            switch format {
            case .markdown: MarkdownExporter.appendItem(entry, decimals: decimals, to: &item, scratch: &scratch)
            default: HTMLExporter.appendItem(entry, decimals: decimals, to: &item)
            }
            item.flush()
            if let group { swap(&itemText, &groupTexts[group]) } else { swap(&itemText, &uncategorizedText) }
        }
        itemWriter = .some(item)
        self.grouping = grouping
    }

    /// The title, the sections in their order with their items, and the total.
    private func writeSections(title: String, currency: Currency?, totals: ListTotals) {
        guard let grouping else { return }
        let sections = grouping.sections(
            hasItems: { $0 < groupTexts.count && !groupTexts[$0].isEmpty }, uncategorized: !uncategorizedText.isEmpty)
        switch format {
        case .markdown: MarkdownExporter.writeStart(title: title, to: &writer, scratch: &scratch)
        default:
            HTMLExporter.writeStart(title: title, to: &writer)
            if sections.isEmpty { HTMLExporter.writeNoSections(to: &writer) }
        }
        for section in sections {
            switch format {
            case .markdown: MarkdownExporter.writeSectionStart(heading: section.heading, to: &writer, scratch: &scratch)
            default: HTMLExporter.writeSectionStart(heading: section.heading, to: &writer)
            }
            let text = section.group.map { groupTexts[$0] } ?? uncategorizedText
            text.withUnsafeBufferPointer { writer.append($0) }
            writer.flushIfFull()
            if format == .html { HTMLExporter.writeSectionEnd(to: &writer) }
        }
        switch format {
        case .markdown: MarkdownExporter.writeEnd(totals, currency: currency, to: &writer)
        default: HTMLExporter.writeEnd(totals, currency: currency, to: &writer)
        }
    }
}
