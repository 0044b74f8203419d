/// An export written while its list is read in parts (``ShoppingList/readInParts(_:limits:_:)``),
/// so that a long list is exported in the memory of a few hundred items besides the export. What
/// it writes is what ``ExportFormat/write(_:options:to:)`` writes for the whole list.
///
/// CSV and JSON, whose items follow the file's order, are handed on as the parts come. Markdown,
/// HTML and the phone's page group the items by category, in an order only the whole list tells: each item's text
/// is kept with its group's (in the ``SectionTexts`` given), and the sections are written in
/// their order at the end.
public final class PartsExport {
    private let format: ExportFormat
    private let options: ExportOptions
    private var writer: ExportWriter
    /// The totals so far, once the export has begun.
    private var totals: ListTotals?
    /// For Markdown and HTML: how the items are grouped, and the text of each group's items so
    /// far: section 0 holds the items without a category, section `group + 1` a group's.
    private var grouping: CategoryGrouping?
    private let sections: SectionTexts
    /// The section the item being written goes to.
    private var section = 0
    /// Writes an item's text into its section.
    private var itemWriter: ExportWriter?
    private var scratch: [UInt8] = []
    /// For the phone's page: what hashes the page for its key.
    private let digest: PhonePageExporter.PageDigest?

    /// An export in `format` handed to `output` in chunks; a Markdown or HTML export keeps its
    /// sections' texts in `sections` until the end.
    public init(
        format: ExportFormat, options: ExportOptions, sections: SectionTexts = SectionTextsInMemory(),
        output: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.format = format
        self.options = options
        self.sections = sections
        digest = format == .phone ? PhonePageExporter.PageDigest(output: output) : nil
        writer = ExportWriter(output: digest?.write ?? output)
        if format == .markdown || format == .html || format == .phone {
            itemWriter = ExportWriter { [unowned self] in self.sections.append($0, to: section) }
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
        case .markdown, .html, .phone:
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
        case .markdown, .html, .phone:
            writeSections(
                title: rest.displayTitle(fallback: options.fallbackTitle), language: HTMLExporter.language(of: rest),
                currency: rest.currency, totals: totals)
        }
        writer.flush()
    }

    /// The totals so far, having begun the export with what comes before the first item.
    private func begin(_ list: ShoppingList) -> ListTotals {
        if let totals { return totals }
        switch format {
        case .csv: CSVExporter.writeHeader(to: &writer)
        case .json: JSONExporter.writeStart(list, options: options, to: &writer)
        case .markdown, .html, .phone: grouping = CategoryGrouping(listed: list.categories ?? [])
        }
        return ListTotals(decimals: list.priceDecimals)
    }

    /// Keeps the text of each item of `part` in scope with its group's.
    private func group(_ part: ShoppingList, totals: inout ListTotals) {
        guard var grouping, var item = itemWriter.take() else { return }
        let decimals = part.priceDecimals
        part.forEachItem(in: options.scope) { entry in
            totals.add(price: entry.price, quantity: entry.effectiveQuantity)
            section = grouping.group(of: entry.text(.category)).map { $0 + 1 } ?? 0
            switch format {
            case .markdown: MarkdownExporter.appendItem(entry, decimals: decimals, to: &item, scratch: &scratch)
            case .phone: PhonePageExporter.appendItem(entry, decimals: decimals, to: &item, scratch: &scratch)
            default: HTMLExporter.appendItem(entry, decimals: decimals, to: &item)
            }
            item.flush()
        }
        itemWriter = .some(item)
        self.grouping = grouping
    }

    /// The title, the sections in their order with their items, and the total.
    private func writeSections(title: String, language: String, currency: Currency?, totals: ListTotals) {
        guard let grouping else { return }
        let order = grouping.sections(hasItems: { !sections.isEmpty($0 + 1) }, uncategorized: !sections.isEmpty(0))
        switch format {
        case .markdown: MarkdownExporter.writeStart(title: title, to: &writer, scratch: &scratch)
        case .phone:
            PhonePageExporter.writeStart(title: title, language: language, to: &writer)
            if order.isEmpty { HTMLExporter.writeNoSections(to: &writer) }
        default:
            HTMLExporter.writeStart(title: title, language: language, to: &writer)
            if order.isEmpty { HTMLExporter.writeNoSections(to: &writer) }
        }
        for section in order {
            switch format {
            case .markdown: MarkdownExporter.writeSectionStart(heading: section.heading, to: &writer, scratch: &scratch)
            case .phone: PhonePageExporter.writeSectionStart(heading: section.heading, to: &writer)
            default: HTMLExporter.writeSectionStart(heading: section.heading, to: &writer)
            }
            sections.deliver(section.group.map { $0 + 1 } ?? 0) { text in
                writer.append(text)
                writer.flushIfFull()
            }
            if format != .markdown { HTMLExporter.writeSectionEnd(to: &writer) }
        }
        switch format {
        case .markdown: MarkdownExporter.writeEnd(totals, currency: currency, to: &writer)
        case .phone:
            if let digest {
                let categories = order.filter { $0.group != nil }.compactMap(\.heading)
                PhonePageExporter.writeEnd(
                    totals, currency: currency, title: title, categories: categories, digest: digest, to: &writer)
            }
        default: HTMLExporter.writeEnd(totals, currency: currency, to: &writer)
        }
    }
}
