import Foundation
import ShopCore
import Testing

/// Long lists are read in parts, their items dropped as soon as they are checked and exported; run
/// as a user runs them, they must give what a short list gives: every finding, wherever it is, and
/// an export written whole or not at all.
@Suite struct LongListTests {
    /// A list of `count` items, each with a price and a quantity; `insert` adds lines after an item.
    static func list(_ count: Int, insert: (Int) -> String = { _ in "" }) -> String {
        var text = "title: Long\ncurrency: EUR\nitems:\n"
        for index in 0..<count {
            text += "  - name: Item \(index)\n    price: \(index % 90 + 1).\(index % 10)5\n    quantity: 2\n"
            text += insert(index)
        }
        return text
    }

    /// The CSV export of ``list(_:insert:)`` with nothing inserted, worked out here.
    static func csv(_ count: Int) -> String {
        var text = "name,quantity,unit,price,total,category,buy,done,notes,id\r\n"
        for index in 0..<count {
            let cents = (index % 90 + 1) * 100 + (index % 10) * 10 + 5
            let total = cents * 2
            text += "Item \(index),2,,\(cents / 100).\(String(format: "%02d", cents % 100)),"
            text += "\(total / 100).\(String(format: "%02d", total % 100)),,false,false,,\r\n"
        }
        return text
    }

    /// 30,000 items make about 1.2 MB of CSV: more than an export is held in memory before it goes
    /// to a temporary file.
    static let count = 30_000

    @Test func aLongListIsExportedWhole() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list(Self.count), to: "list.yaml")
        let expected = Self.csv(Self.count)

        let csv = try folder.run(["export", "list.yaml", "--format", "csv", "--all"])
        #expect(csv.status == 0, "\(csv.err)")
        #expect(csv.out == expected)

        // Without a folder for the temporary file, the export waits in memory.
        let noTemporaryFolder = try folder.run(
            ["export", "list.yaml", "--format", "csv", "--all"], environment: ["TMPDIR": folder.path("missing")])
        #expect(noTemporaryFolder.status == 0, "\(noTemporaryFolder.err)")
        #expect(noTemporaryFolder.out == expected)

        let file = try folder.run(["export", "list.yaml", "--all", "-o", "out.csv"])
        #expect(file.status == 0, "\(file.err)")
        #expect(try folder.read("out.csv") == Array(expected.utf8))
        #expect(try folder.contents() == ["list.yaml", "out.csv"])
    }

    /// A Markdown or HTML export groups the items by category, which only the end of the list
    /// tells: its sections' texts wait (in a temporary file once they are large) and come out in
    /// aisle order, as the export of the whole list has them.
    @Test func aLongListIsExportedBySections() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let aisles = ["Dairy", "Produce", "Bakery"]
        var text = "title: Long\ncurrency: EUR\ncategories: [\(aisles.joined(separator: ", "))]\nitems:\n"
        for index in 0..<Self.count {
            let category = index % 7 == 0 ? "" : "    category: \(index % 5 == 0 ? "Aisle \(index % 3)" : aisles[index % 3])\n"
            text += "  - name: Item \(index)\n    price: 1.\(index % 10)5\n\(category)"
            text += index % 4 == 0 ? "    buy: true\n    notes: a note on \(index)\n" : ""
        }
        try folder.write(text, to: "list.yaml")
        let list = try ShoppingList.read(Array(text.utf8)).get()
        for format in [ExportFormat.markdown, .html] {
            for scope in [ItemScope.all, .shoppingList] {
                let expected = format.export(list, options: ExportOptions(scope: scope, fallbackTitle: "list"))
                let arguments = ["export", "list.yaml", "--format", format.rawValue] + (scope == .all ? ["--all"] : [])
                for environment in [[:], ["TMPDIR": folder.path("missing")]] {
                    let result = try folder.run(arguments, environment: environment)
                    #expect(result.status == 0, "\(result.err)")
                    #expect(Array(result.out.utf8) == expected, "\(arguments) \(environment)")
                }
            }
        }
    }

    /// An error anywhere, even in the last item, after most of the export was written aside: nothing
    /// is exported, and the error is said.
    @Test(arguments: [0, 15_000, 29_999])
    func anErrorAnywhereExportsNothing(position: Int) throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list(Self.count) { $0 == position ? "  - name: item \(position)\n" : "" }, to: "list.yaml")
        for format in ["csv", "json"] {
            let result = try folder.run(["export", "list.yaml", "--format", format, "--all"])
            #expect(result.status == 1)
            #expect(result.out.isEmpty)
            #expect(result.err.contains("duplicate item name \"item \(position)\""), "\(result.err.prefix(500))")
            #expect(result.err.contains("has errors; nothing was exported"))
        }
        let file = try folder.run(["export", "list.yaml", "--all", "-o", "out.csv"])
        #expect(file.status == 1)
        #expect(!folder.exists("out.csv"))
    }

    /// check finds, in a long list, what it finds in a short one: the first item's line, repeats
    /// across the whole list, the settings after the items.
    @Test func checkFindsEverythingInALongList() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let text = Self.list(Self.count) { index in
            switch index {
            case 10: "  - name: Item 29998\n    price: 1,5\n"
            case 20_000: "  - {name: Odd, prize: 3, done: true}\n"
            case 29_999: "  - name: item 10\n"
            default: ""
            }
        }
        try folder.write(text, to: "list.yaml")
        let lineOf = { (fragment: String) -> Int in
            let prefix = text.components(separatedBy: fragment)[0]
            return prefix.filter { $0 == "\n" }.count + 1
        }
        let result = try folder.run(["check", "list.yaml", "--format", "json"])
        #expect(result.status == 1)
        let findings = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]] ?? []
        let summary = findings.map { "\($0["line"] ?? "?") \($0["rule"] ?? "?")" }
        let first = lineOf("  - name: Item 29998\n    price: 1,5")
        let odd = lineOf("  - {name: Odd")
        #expect(
            summary == [
                "\(first + 1) bad-price", "\(odd) unknown-key", "\(odd) done-not-bought",
                "\(lineOf("  - name: Item 29998\n    price: 29.85")) duplicate-name", "\(lineOf("  - name: item 10\n")) duplicate-name",
            ], "\(summary)")
    }
}
