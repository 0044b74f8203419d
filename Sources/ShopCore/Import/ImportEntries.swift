/// The entries of an import: what each reader read, as ``ImportEntry`` values, and the lines
/// that could not be read.
public struct ImportEntries: Hashable, Sendable {
    /// The entries, in the order of their lines.
    public var entries: [ImportEntry]
    /// The lines that cannot be read; an import with any changes nothing.
    public var problems: [ImportProblem]
    /// The currency the input says its prices are in: a JSON export's `currency`, or the code or
    /// symbol a spreadsheet's price header names (`Price (EUR)`, `Price €`).
    public var currency: String?
    /// The line of ``currency``.
    public var currencyLine = 1
    /// The columns of a spreadsheet that no known column is, as their headers give them: their
    /// cells are not read.
    public var ignoredColumns: [String] = []
    /// How many lines of a checklist were skipped as not task items (``MarkdownImport/skippedLines``).
    public var skippedLines = 0

    /// Reads `bytes` as `format`. `knownNames` are the names of the list's items: a checklist
    /// line is read as the known item it can name (see ``MarkdownImportItem/reading(matching:)``).
    /// A text line is read as a known item's name too; a spreadsheet and JSON do not ask, and
    /// the names are gathered only for what asks (100,000 of them take 7 MB).
    /// `priceDecimals` are those of the list's prices, which tell how a text line's price reads
    /// (`¥1,500` is 1500 yen).
    /// Throws what makes the whole input unreadable (not UTF-8 text, too large, a CSV text
    /// without a name column, text that is not JSON).
    public static func read(
        _ bytes: [UInt8], format: ImportFormat, knownNames: @autoclosure () -> Set<NameKey>,
        priceDecimals: Int = Currency.defaultDecimals
    ) throws(ImportProblem) -> ImportEntries {
        try read(try ImportText(bytes), format: format, knownNames: knownNames(), priceDecimals: priceDecimals)
    }

    /// Reads checked text as `format`; see ``read(_:format:knownNames:priceDecimals:)-([UInt8],_,_,_)``.
    public static func read(
        _ text: ImportText, format: ImportFormat, knownNames: @autoclosure () -> Set<NameKey>,
        priceDecimals: Int = Currency.defaultDecimals
    ) throws(ImportProblem) -> ImportEntries {
        let names: Set<NameKey>
        switch format {
        case .markdown, .text: names = knownNames()
        case .csv, .json: names = []
        }
        let isKnown = { (name: NameKey) in names.contains(name) }
        switch format {
        case .markdown:
            // Each item made an entry as it is read; categories once every heading is known.
            var entries: [ImportEntry] = []
            var headings: [Int32] = []
            let read = MarkdownImportReader.read(text, resolvingWith: isKnown, priceDecimals: priceDecimals) { item, heading in
                let entry = Self.entry(item, isKnown: isKnown)
                entries.append(entry)
                headings.append(entry.changesKnownItems ? -1 : Int32(heading))
            }
            for index in entries.indices where headings[index] >= 0 {
                entries[index].fields[.category] = read.categories[Int(headings[index])]
            }
            return ImportEntries(entries: entries, problems: read.import.problems, skippedLines: read.import.skippedLines)
        case .csv:
            var entries: [ImportEntry] = []
            let read = try CSVImportReader.read(text) { entries.append(Self.entry($0)) }
            // An empty cell of a column that ticks with `x` is an unticked box: known only at the end.
            for column in read.tickedColumns where read.columns[column] != nil {
                guard let key = column.key else { continue }
                for index in entries.indices where entries[index].fields[key] == nil {
                    entries[index].fields[flag: key] = false
                }
            }
            // The header's currency is the file's, as a JSON export's `currency` is.
            return ImportEntries(
                entries: entries, problems: read.problems, currency: read.priceCurrency, ignoredColumns: read.ignoredColumns)
        case .json: return try JSONImportReader.read(text)
        case .text:
            var entries: [ImportEntry] = []
            let problems = TextImportReader.read(text, priceDecimals: priceDecimals) {
                entries.append(Self.entry($1, line: $0, isKnown: isKnown))
            }
            return ImportEntries(entries: entries, problems: problems)
        }
    }

    /// The entry of a checklist's item: a known item's tick, and for a new one its quantity, unit,
    /// price, category and notes too. A known item's line with a price typed by hand (`Milk @ 2.50`;
    /// the export writes none) changes the item as that text line would: its price, and the
    /// quantity and unit it gives.
    private static func entry(_ item: MarkdownImportItem, isKnown: (NameKey) -> Bool) -> ImportEntry {
        let reading = MarkdownImportItem.knownReading(item.readings, isKnown: isKnown) ?? item.reading
        if reading.price != nil, isKnown(NameKey(reading.name)) {
            var fields: ItemFields = [.name: reading.name, .unit: reading.unit, .size: reading.size]
            fields[decimal: .quantity] = reading.quantity
            fields[decimal: .price] = reading.price
            fields[flag: .done] = item.ticked
            return ImportEntry(line: item.line, fields: fields, priceCurrency: reading.priceCurrency)
        }
        // A new item of one unit gets its line total as its price (`Tea — ¥1,500`): the total of
        // one is its price, whatever list the checklist was exported from.
        let price = reading.price ?? (reading.quantity ?? DecimalNumber(1) == DecimalNumber(1) ? reading.lineTotal : nil)
        var fields: ItemFields = [
            .name: reading.name, .unit: reading.unit, .size: reading.size, .category: item.category, .notes: item.notes,
        ]
        fields[decimal: .quantity] = reading.quantity
        fields[decimal: .price] = price
        fields[flag: .done] = item.ticked
        return ImportEntry(line: item.line, fields: fields, priceCurrency: reading.priceCurrency, changesKnownItems: false)
    }


    /// The entry of a spreadsheet's row.
    private static func entry(_ record: CSVImportRecord) -> ImportEntry {
        var fields = record.fields
        fields[.size] = fields[.size]?.trimmingWhiteSpace()
        return ImportEntry(line: record.line, fields: fields)
    }

    /// The entry of a text line: a ticked checkbox puts the item in the basket, an unticked one
    /// takes it out. A known item's name followed by a remark (`Oat milk (Oatly)`) names that item.
    private static func entry(_ item: TextLineItem, line: Int, isKnown: (NameKey) -> Bool) -> ImportEntry {
        let done: Bool? =
            switch item.checkbox {
            case .none: nil
            case .ticked: true
            case .unticked: false
            }
        let name = NameRemark.knownName(in: item.name, isKnown: isKnown) ?? item.name
        var fields: ItemFields = [.name: name, .unit: item.unit, .size: item.size]
        fields[decimal: .quantity] = item.quantity
        fields[decimal: .price] = item.price
        fields[flag: .done] = done
        return ImportEntry(line: line, fields: fields, priceCurrency: item.priceCurrency, countsPacks: item.countsPacks)
    }
}
