/// A column `shop import --format csv` understands, found by its header in any case.
///
/// The columns are the item keys, in the order of the CSV export (``ItemKey/exportColumns``), with
/// the line total after the price: what the export writes is what an import reads back.
public enum CSVColumn: Hashable, Sendable, CaseIterable {
    /// The column of an item key.
    case key(ItemKey)
    /// The line total, price times quantity: written by the export, never read.
    case total

    /// The columns in the export's order.
    public static let allCases: [CSVColumn] = ItemKey.exportColumns.flatMap { key in
        key == .price ? [CSVColumn.key(key), .total] : [.key(key)]
    }

    /// The column's name, as the export's header writes it.
    public var title: String {
        switch self {
        case .key(let key): key.rawValue
        case .total: "total"
        }
    }

    /// The item key of the column; nil for the total.
    public var key: ItemKey? {
        if case .key(let key) = self { key } else { nil }
    }

    /// The column a header names: its text without white space at the ends, in any case; `qty`
    /// is `quantity`. Nil for other headers, whose columns are ignored.
    public init?(header: String) {
        guard let (column, _) = Self.reading(header: header) else { return nil }
        self = column
    }

    /// The column a header names and the currency it gives its money in, as spreadsheets write
    /// it after the name: `Price (EUR)`, `Price [€]`, `Price €`, `Total in EUR`. Only `price` and
    /// `total` take a currency.
    public static func reading(header: String) -> (column: CSVColumn, currency: String?)? {
        let key = header.strippedOfWhiteSpace.lowercased()
        if key == "qty" { return (.key(.quantity), nil) }
        if let column = allCases.first(where: { $0.title == key }) { return (column, nil) }
        for money in [CSVColumn.key(.price), .total] {
            guard let rest = key[...].afterScalars(money.title) else { continue }
            var marker = rest.strippedOfWhiteSpace
            if let inner = marker.afterScalars("("), inner.hasSuffix(")") {
                marker = inner.dropLast()
            } else if let inner = marker.afterScalars("["), inner.hasSuffix("]") {
                marker = inner.dropLast()
            } else if let inner = marker.afterScalars("in ") {
                marker = inner
            }
            let written = String(marker.strippedOfWhiteSpace)
            let code = written.uppercased()
            if CurrencyMarker.symbols.contains(where: { $0.symbol == written }) { return (money, written) }
            if Currency(code: code) != nil { return (money, code) }
        }
        return nil
    }
}
