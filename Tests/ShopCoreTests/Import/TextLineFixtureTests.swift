import Foundation
import ShopCore
import Testing

/// The text-line parser on a table of lines written the way people paste them (messages, notes
/// apps, recipe sites, spreadsheets; many languages): at least 98% must read exactly as the table
/// says, and the rows read differently must be exactly the known ones below.
@Suite struct TextLineFixtureTests {
    /// The rows the parser reads differently from what they mean, and why.
    static let knownMisses: [String: String] = [
        "1 cup (2 sticks) unsalted butter":
            "a second quantity in parentheses right after the first is not recognised and stays in the name",
        "Chanel No 5": "a number under 1000 after the name is read as the quantity",
        "Pampers size 4": "a number under 1000 after the name is read as the quantity",
        "3 Musketeers bars": "a number before the name is read as the quantity",
    ]

    struct Row: CustomStringConvertible {
        var lineNumber: Int
        var input: String
        var name: String
        var quantity: DecimalNumber?
        var unit: String?
        var price: String?
        var checkbox: TextLineItem.Checkbox
        /// The size of one of a count of packs (`2 x 500 g butter`).
        var size: String? = nil

        var description: String { "line \(lineNumber): \(input.debugDescription)" }
    }

    static func rows() throws -> [Row] {
        let url = TestPaths.fixtures.appendingPathComponent("import/text-lines.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [Row] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count == 6 || columns.count == 7, "line \(index + 1) has \(columns.count) columns")
            let boxes: [String: TextLineItem.Checkbox] = ["": .none, "o": .unticked, "x": .ticked]
            let quantity = DecimalNumber(columns[2])
            try #require(columns[2].isEmpty || quantity != nil, "line \(index + 1) has a bad quantity")
            rows.append(
                Row(
                    lineNumber: index + 1, input: columns[0].replacingOccurrences(of: "\\t", with: "\t"),
                    name: columns[1], quantity: quantity,
                    unit: columns[3].isEmpty ? nil : columns[3], price: columns[4].isEmpty ? nil : columns[4],
                    checkbox: try #require(boxes[columns[5]]), size: columns.count == 7 ? columns[6] : nil))
        }
        return rows
    }

    /// What is wrong with the parser's reading of a row; nil when it is exactly right.
    static func difference(_ row: Row) -> String? {
        guard case .item(let item) = TextLineParser.read(row.input) else {
            return "\(TextLineParser.read(row.input))"
        }
        var wrong: [String] = []
        if item.name != row.name { wrong.append("name \(item.name.debugDescription)") }
        if item.quantity != row.quantity { wrong.append("quantity \(item.quantity.map(String.init(describing:)) ?? "none")") }
        if item.unit != row.unit { wrong.append("unit \(item.unit ?? "none")") }
        if item.size != row.size { wrong.append("size \(item.size ?? "none")") }
        // The price as written: its decimals count.
        let price = item.price.map { $0.formatted(decimals: $0.scale) }
        if price != row.price { wrong.append("price \(price ?? "none")") }
        if item.checkbox != row.checkbox { wrong.append("checkbox \(item.checkbox)") }
        return wrong.isEmpty ? nil : wrong.joined(separator: ", ")
    }

    @Test func atLeast98PercentOfTheRowsReadExactly() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 200)
        var misses: [String: String] = [:]
        for row in rows {
            if let difference = Self.difference(row) { misses[row.input] = difference }
        }
        let right = Double(rows.count - misses.count) / Double(rows.count)
        #expect(right >= 0.98, "\(misses.count) of \(rows.count) rows read differently")
        for (input, difference) in misses.sorted(by: { $0.key < $1.key }) where Self.knownMisses[input] == nil {
            Issue.record("\(input.debugDescription) reads as \(difference)")
        }
        for input in Self.knownMisses.keys.sorted() where misses[input] == nil {
            Issue.record("\(input.debugDescription) now reads as the table says; take it off the known misses")
        }
    }

    @Test func theComparisonNoticesAWrongReading() {
        let row = Row(lineNumber: 1, input: "2 kg apples", name: "apples", quantity: DecimalNumber(3), unit: "kg", price: nil, checkbox: .none)
        #expect(Self.difference(row) == "quantity 2")
        let price = Row(lineNumber: 1, input: "Bread @ 2.50", name: "Bread", quantity: nil, unit: nil, price: "2.5", checkbox: .none)
        #expect(Self.difference(price) == "price 2.50")
    }
}
