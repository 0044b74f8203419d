import Foundation
@testable import ShopCore
import Testing
import YAML

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
        for format in [ExportFormat.markdown, .html, .phone] {
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

    /// `clear`, a rename, `rm` and `add` are made as a long list is read, as on a short one:
    /// `clear` counts the items of the whole list, and a name that an item far from the renamed or
    /// added one has is refused, naming that item's line.
    @Test func clearRenameRemoveAndAddInALongList() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let text = Self.list(Self.count) { index in
            index % 3 == 0 ? "    buy: true\n" + (index % 2 == 0 ? "    done: true\n" : "") : ""
        }
        try folder.write(text, to: "list.yaml")
        let lineOf = { (fragment: String) -> Int in
            text.components(separatedBy: fragment)[0].filter { $0 == "\n" }.count + 1
        }

        let taken = try folder.run(["-f", "list.yaml", "edit", "Item 10", "--name", "item 29999"])
        #expect(taken.status == 1)
        #expect(
            taken.err == "shop: error: list.yaml: an item named \"Item 29999\" already exists "
                + "(line \(lineOf("  - name: Item 29999\n")))\n")
        let backwards = try folder.run(["-f", "list.yaml", "edit", "Item 29990", "--name", "ITEM 5"])
        #expect(backwards.status == 1)
        #expect(backwards.err.contains("an item named \"Item 5\" already exists"), "\(backwards.err)")
        #expect(try folder.read("list.yaml") == Array(text.utf8))

        let renamed = try folder.run(["-f", "list.yaml", "edit", "Item 20000", "--name", "Oat drink", "--price", "1.5"])
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(renamed.err == "changed \"Oat drink\" (list.yaml)\n")
        let expected = text.replacingOccurrences(
            of: "  - name: Item 20000\n    price: 21.05\n", with: "  - name: Oat drink\n    price: 1.50\n")
        #expect(try folder.read("list.yaml") == Array(expected.utf8))

        // 5,000 items are checked off (every sixth), 10,000 on the list.
        let cleared = try folder.run(["-f", "list.yaml", "clear"])
        #expect(cleared.status == 0, "\(cleared.err)")
        #expect(cleared.err == "took 5000 items off the list (list.yaml)\n")
        let all = try folder.run(["-f", "list.yaml", "clear", "--all"])
        #expect(all.err == "took 5000 items off the list (list.yaml)\n")
        #expect(try folder.read("list.yaml") == Array(Self.list(Self.count).replacingOccurrences(
            of: "  - name: Item 20000\n    price: 21.05\n", with: "  - name: Oat drink\n    price: 1.50\n").utf8))
        let again = try folder.run(["-f", "list.yaml", "clear", "--all"])
        #expect(again.err == "the shopping list is already empty (list.yaml)\n")

        let removed = try folder.run(["-f", "list.yaml", "rm", "Item 15000", "item 3", "Item 29999"])
        #expect(removed.err == "removed \"Item 15000\" (list.yaml)\nremoved \"Item 3\" (list.yaml)\nremoved \"Item 29999\" (list.yaml)\n")
        var remaining = Self.list(Self.count).replacingOccurrences(
            of: "  - name: Item 20000\n    price: 21.05\n", with: "  - name: Oat drink\n    price: 1.50\n")
        for item in ["  - name: Item 15000\n    price: 61.05\n", "  - name: Item 3\n    price: 4.35\n", "  - name: Item 29999\n    price: 30.95\n"] {
            #expect(remaining.contains(item + "    quantity: 2\n"))
            remaining = remaining.replacingOccurrences(of: item + "    quantity: 2\n", with: "")
        }
        #expect(try folder.read("list.yaml") == Array(remaining.utf8))

        let takenName = try folder.run(["-f", "list.yaml", "add", "ITEM 29998", "--price", "2"])
        #expect(takenName.status == 1)
        #expect(takenName.err.hasPrefix("shop: error: list.yaml: an item named \"Item 29998\" already exists (line "))
        let added = try folder.run(["-f", "list.yaml", "add", "Oat milk", "--price", "2", "--buy"])
        #expect(added.err == "added \"Oat milk\" (list.yaml)\n")
        #expect(try folder.read("list.yaml") == Array((remaining + "  - name: Oat milk\n    price: 2.00\n    buy: true\n").utf8))
        #expect(try folder.contents() == ["list.yaml"])
    }

    /// `list` keeps the rows of a long list as text, in a temporary file once they are many, and
    /// prints the table once the whole list is read: every row under its category, in aisle
    /// order, with the subtotals and the total of the whole list; the same without a usable
    /// `TMPDIR`, when the rows stay in memory.
    @Test func aLongListIsListed() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let categories = ["Produce", "Bakery", "Dairy"]
        var text = "title: Long\ncurrency: EUR\ncategories: [Dairy, Produce]\nitems:\n"
        var cents = [0, 0, 0]
        for index in 0..<Self.count {
            // Rows of about 60 bytes: 1.8 MB of them, more than the rows kept in memory.
            text += "  - name: Item \(index) of a list long enough to spill\n"
            text += "    price: \(index % 90 + 1).\(index % 10)5\n    quantity: 2\n"
            text += "    category: \(categories[index % 3])\n    buy: true\n"
            cents[index % 3] += ((index % 90 + 1) * 100 + (index % 10) * 10 + 5) * 2
        }
        try folder.write(text, to: "list.yaml")
        let money = { (cents: Int) in "\(cents / 100).\(String(format: "%02d", cents % 100))" }

        let listed = try folder.run(["-f", "list.yaml", "list"])
        #expect(listed.status == 0, "\(listed.err)")
        let lines = listed.out.split(separator: "\n", omittingEmptySubsequences: false)
        // The title, the header, then Dairy, Produce and Bakery (not in categories) in that order.
        let headings = lines.filter { ["Dairy", "Produce", "Bakery"].contains(String($0)) }
        #expect(headings == ["Dairy", "Produce", "Bakery"])
        #expect(lines.filter { $0.hasPrefix("  [ ] Item ") }.count == Self.count)
        let subtotals = lines.filter { $0.hasPrefix("      Subtotal") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(subtotals == [money(cents[2]), money(cents[0]), money(cents[1])])
        #expect(lines.contains("Total: \(money(cents.reduce(0, +))) EUR"))
        let dairy = try #require(lines.firstIndex(of: "Dairy"))
        #expect(lines[dairy + 1].hasPrefix("  [ ] Item 2 "))
        #expect(lines[dairy + 1].split(separator: " ").suffix(3) == ["2", "3.25", "6.50"])

        let inMemory = try folder.run(["-f", "list.yaml", "list"], environment: ["TMPDIR": folder.path("missing")])
        #expect(inMemory.status == 0 && inMemory.out == listed.out)

        // The plain lines for completion: every name in file order, the categories of the whole list.
        let names = try folder.run(["-f", "list.yaml", "list", "--names"])
        #expect(names.out == (0..<Self.count).map { "Item \($0) of a list long enough to spill\n" }.joined())
        let used = try folder.run(["-f", "list.yaml", "list", "--categories"])
        #expect(used.out == "Dairy\nProduce\nBakery\n")
        // A list that turns out not to be YAML at its end prints no line.
        try folder.write(text + "  - name: [unclosed\n", to: "broken.yaml")
        let broken = try folder.run(["-f", "broken.yaml", "list", "--names"])
        #expect(broken.status == 1 && broken.out.isEmpty && broken.err.contains("is not valid YAML"), "\(broken.err)")
        #expect(try folder.contents() == ["broken.yaml", "list.yaml"])
    }

    /// A long list with a finding on every item has its findings spooled as its parts are checked
    /// (packed, and in a temporary file, as they are many): `check` writes, in text, JSON and
    /// SARIF, each finding the whole list's check finds, in its order, the top level's among the
    /// items'; and a list read whole after parts were checked (its settings come after its items)
    /// gives each finding once.
    @Test(arguments: [false, true])
    func checkWritesEveryFindingOfAListWithOneOnEachItem(settingsLast: Bool) throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        var text = Self.list(6_000).replacingOccurrences(of: "5\n    quantity: 2\n", with: "5\n    quantity: \"2,0\"\n")
        text = text.replacingOccurrences(of: "title: Long\n", with: "title: Long\ncolour: red\n")
        if settingsLast { text = text.replacingOccurrences(of: "currency: EUR\n", with: "") + "currency: EUR\n" }
        text += "x-after: {a: 1}\nnotes: 3\n"
        try folder.write(text, to: "list.yaml")
        let bytes = Array(text.utf8)
        let source = SourceText(bytes: bytes)
        let expected = try ShoppingList.read(bytes).get().check().resolved(in: source)
        #expect(expected.count > 6_000)
        #expect(expected.first?.rule == .unknownKey && expected.last?.location.line == source.lineCount)

        let json = try folder.run(["check", "list.yaml", "--format", "json"])
        #expect(json.status == 1)
        let entries = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]] ?? []
        #expect(entries.map { "\($0["line"] ?? "") \($0["column"] ?? "") \($0["rule"] ?? "") \($0["message"] ?? "")" }
            == expected.map { "\($0.location.line) \($0.location.column) \($0.rule.rawValue) \($0.message)" })

        let plain = try folder.run(["check", "list.yaml"])
        #expect(plain.status == 1)
        let headers = plain.out.split(separator: "\n").filter { $0.hasPrefix("list.yaml:") }.map(String.init)
        #expect(headers == expected.map {
            "list.yaml:\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message) [\($0.rule.rawValue)]"
        })

        let sarif = try folder.run(["check", "list.yaml", "--format", "sarif"])
        let log = try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.map { $0["ruleId"] as? String ?? "" } == expected.map(\.rule.rawValue))
        #expect(try folder.contents() == ["list.yaml"])
    }

    /// `check --fix` fixes a long list in rounds checked in parts, prints it in parts (into a
    /// temporary file, as it is long) and checks what it wrote: every fix said, the file fixed,
    /// and what no safe fix resolves still reported.
    @Test func checkFixesALongList() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let broken = Self.list(Self.count) { index in
            index % 1_000 == 7 ? "    unit: \"kg\"\n    x-note: \"\(index)\"\n" : ""
        }.replacingOccurrences(of: "price: 2.15\n", with: "price: \"2,15\"\n")
        let expected = Self.list(Self.count) { index in index % 1_000 == 7 ? "    unit: kg\n    x-note: \"\(index)\"\n" : "" }
        try folder.write(broken + "  - name: Item 5\n", to: "list.yaml")
        let fixed = try folder.run(["check", "--fix", "list.yaml"])
        // Item 5 twice: a finding no safe fix resolves, at the end.
        #expect(fixed.status == 1)
        let notes = fixed.err.split(separator: "\n").filter { $0.hasPrefix("fixed list.yaml:") }
        #expect(notes.count == broken.components(separatedBy: "\"2,15\"").count - 1)
        #expect(notes.allSatisfy { $0.hasSuffix("write 2.15 [bad-price]") })
        #expect(try folder.read("list.yaml") == Array((expected + "  - name: Item 5\n").utf8))
        #expect(fixed.out.contains("duplicate-name") && fixed.out.contains("1 error"), "\(fixed.out)")
        #expect(try folder.contents() == ["list.yaml"])
    }

    /// Three versions of a long list (more than a megabyte together) are merged with the items no
    /// side changed set aside: the result is the one worked out here, each side's edits in it, and
    /// a conflict is written with markers around its line.
    /// `import` into a long list, and its `--dry-run`, are made as the list is read in parts: the
    /// changes land on the items wherever they are, new items after the last of their category,
    /// and a refused import names each problem and writes nothing.
    @Test func importIntoALongList() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        let text = Self.list(Self.count) { index in index % 1000 == 0 ? "    category: Dairy\n" : "" }
        try folder.write(text, to: "list.yaml")
        let rows = "name,price,category,done\nItem 0,2.00,,\nitem 15000,,,true\nItem 29999,1.00,,\nCream,1.50,Dairy,\nSoap,3.00,,\n"
        try folder.write(rows, to: "rows.csv")
        // The list is long enough, and written so, that the import is made in parts.
        let input = try ImportText(Array(rows.utf8))
        guard case .success(.edited) = ListEditor.importInParts(
            Array(text.utf8), text: input, format: .csv, refusing: { _ in EditRefusal("") }, into: { _ in })
        else {
            Issue.record("the import is not made in parts")
            return
        }
        var expected = text
        for (old, new) in [
            ("  - name: Item 0\n    price: 1.05\n", "  - name: Item 0\n    price: 2.00\n"),
            ("  - name: Item 15000\n    price: 61.05\n    quantity: 2\n    category: Dairy\n",
             "  - name: Item 15000\n    price: 61.05\n    quantity: 2\n    category: Dairy\n    buy: true\n    done: true\n"),
            ("  - name: Item 29999\n    price: 30.95\n", "  - name: Item 29999\n    price: 1.00\n"),
            ("  - name: Item 29001\n", "  - name: Cream\n    price: 1.50\n    category: Dairy\n    buy: true\n  - name: Item 29001\n"),
        ] {
            #expect(expected.contains(old), "\(old)")
            expected = expected.replacingOccurrences(of: old, with: new)
        }
        expected = expected.replacingOccurrences(
            of: "  - name: Item 0\n    price: 2.00\n    quantity: 2\n    category: Dairy\n",
            with: "  - name: Item 0\n    price: 2.00\n    quantity: 2\n    category: Dairy\n    buy: true\n")
        expected = expected.replacingOccurrences(
            of: "  - name: Item 29999\n    price: 1.00\n    quantity: 2\n",
            with: "  - name: Item 29999\n    price: 1.00\n    quantity: 2\n    buy: true\n")
        expected += "  - name: Soap\n    price: 3.00\n    buy: true\n"

        let preview = try folder.run(["-f", "list.yaml", "import", "--dry-run", "rows.csv"])
        #expect(preview.status == 0, "\(preview.err)")
        #expect(try folder.read("list.yaml") == Array(text.utf8))
        let imported = try folder.run(["-f", "list.yaml", "import", "rows.csv"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.err == "imported: 2 added, 3 changed, 0 unchanged (list.yaml)\n")
        let written = try folder.read("list.yaml")
        #expect(written == Array(expected.utf8), "\(String(decoding: written, as: UTF8.self).suffix(300))")
        try folder.write(text, to: "before.yaml")
        let diff = try folder.run(["diff", "before.yaml", "list.yaml"])
        #expect(preview.out == diff.out && diff.out.hasSuffix("2 added, 0 removed, 3 changed\n"), "\(preview.out)")

        try folder.write("name,price\nItem 7,1.005\nNew,1.00\nItem 29998,,\nItem 29998,2.00\n", to: "bad.csv")
        let refused = try folder.run(["-f", "list.yaml", "import", "bad.csv"])
        #expect(refused.status == 1)
        #expect(refused.err.hasPrefix("bad.csv:2: error: "), "\(refused.err)")
        #expect(refused.err.hasSuffix("nothing was imported (1 problem in bad.csv, read as csv)\n"), "\(refused.err)")
        #expect(try folder.read("list.yaml") == written)
    }

    @Test func aDiffOfLongListsWithEveryItemChangedIsTheWholeDiff() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        // A section comment above every 100th item, and a comment and a key after the items. The
        // changes' lines take more than the spool holds in memory.
        let count = 12_000
        func list(_ item: (Int) -> String) -> String {
            "title: Long\ncurrency: EUR\nitems:\n"
                + (0..<count).map { ($0 % 100 == 0 ? "\n  # section \($0 / 100)\n" : "") + item($0) }.joined()
                + "\n# the end\nx-note: kept\n"
        }
        let old = list { "  - name: Item \($0)\n    price: \($0 % 90 + 1).\($0 % 10)5\n    quantity: 2\n" }
        // Every price changed; an item removed, one added, one with a comment on its price.
        let new = list { index in
            let item = "  - name: Item \(index)\n    price: \(index % 90 + 1).\(index % 10)6\n    quantity: 2\n"
            switch index {
            case 7: return ""
            case 5_000: return item + "  - name: Added\n    price: 1.00\n"
            case 10_000: return item.replacingOccurrences(of: "6\n", with: "6 # on offer\n")
            default: return item
            }
        }
        try folder.write(old, to: "old.yaml")
        try folder.write(new, to: "new.yaml")
        let oldList = try VersionReading.list(Array(old.utf8)).get()
        let newList = try VersionReading.list(Array(new.utf8)).get()
        let whole = ListDiff(old: oldList, new: newList)
        #expect(whole.counts == ListDiff.Counts(added: 1, removed: 1, changed: count - 1))
        #expect(whole.text().utf8.count > 1 << 18)
        // The versions are long enough, and written so, that they are compared a window at a time.
        let windowed = ListDiff.ofLongVersions(old: Array(old.utf8), new: Array(new.utf8)) { _ in }
        guard case .inWindows? = windowed else {
            Issue.record("not compared in windows")
            return
        }
        let text = try folder.run(["diff", "old.yaml", "new.yaml"])
        #expect(text.status == 1, "\(text.err)")
        #expect(text.out == whole.text())
        let json = try folder.run(["diff", "--format", "json", "old.yaml", "new.yaml"])
        #expect(json.status == 1, "\(json.err)")
        #expect(json.out == whole.jsonText())
        // Without a folder for the temporary file, the changes wait in memory.
        let inMemory = try folder.run(["diff", "old.yaml", "new.yaml"], environment: ["TMPDIR": folder.path("missing")])
        #expect(inMemory.out == whole.text())
        // As git's external diff: its header, then the same changes.
        let git = try folder.run(["diff", "--git", "shopping.yaml", "old.yaml", "1111111", "100644", "new.yaml", "2222222", "100644"])
        #expect(git.status == 0, "\(git.err)")
        #expect(git.out == "diff --shop a/shopping.yaml b/shopping.yaml\n" + whole.text())
        // A version compared with itself has no changes.
        let same = try folder.run(["diff", "new.yaml", "new.yaml"])
        #expect(same.status == 0, "\(same.err)")
        #expect(same.out == "no changes\n")
    }

    @Test func longListsMergeItemByItem() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        func item(_ index: Int) -> String {
            "  - name: Item \(index)\n    price: \(index % 90 + 1).\(index % 10)5\n    quantity: 2\n"
                + (index % 1000 == 0 ? "    notes: |\n      Every thousandth.\n" : "")
        }
        func list(_ item: (Int) -> String) -> String {
            "# Groceries\ntitle: Long\ncurrency: EUR\nitems:\n" + (0..<Self.count).map(item).joined()
        }
        let ours = { (index: Int) -> String in
            switch index {
            case 100: item(index).replacingOccurrences(of: "quantity: 2", with: "quantity: 3")
            case 2000: item(index) + "  - name: Ours new\n"
            case 5000: ""
            default: item(index)
            }
        }
        let theirs = { (index: Int) -> String in
            switch index {
            case 20000: item(index).replacingOccurrences(of: "quantity: 2\n", with: "quantity: 2\n    buy: true\n")
            case 25000: item(index).replacingOccurrences(of: "Item 25000", with: "Item 25000 renamed")
            case Self.count - 1: item(index) + "  # theirs' last\n  - name: Theirs new\n"
            default: item(index)
            }
        }
        try folder.write(list(item), to: "base.yaml")
        try folder.write(list(ours), to: "ours.yaml")
        try folder.write(list(theirs), to: "theirs.yaml")
        // The versions are long enough, and written so, that the merge sets their settled items aside.
        let texts = [list(item), list(ours), list(theirs)].map { Array($0.utf8) }
        #expect(
            SettledMerge.mergeInPieces(base: texts[0], ours: texts[1], theirs: texts[2], labels: .standard, markerSize: 7)
                != nil)
        let clean = try folder.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "merged.yaml"])
        #expect(clean.status == 0, "\(clean.err)")
        let expected = list { index in
            index == 20000 || index == 25000 || index == Self.count - 1 ? theirs(index) : ours(index)
        }
        #expect(try folder.read("merged.yaml") == Array(expected.utf8))
        let printed = try folder.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "-"])
        #expect(printed.status == 0, "\(printed.err)")
        #expect(printed.out == expected)

        // The diff of the base and the result, as the versions read whole give it.
        let baseList = try VersionReading.list(Array(list(item).utf8)).get()
        let mergedList = try VersionReading.list(Array(expected.utf8)).get()
        let changes = ListDiff(old: baseList, new: mergedList)
        #expect(ListDiff.settled(old: Array(list(item).utf8), new: Array(expected.utf8)) != nil)
        // Two items went, so the renamed one is one removed and one added.
        #expect(changes.lines.count == 7, "\(changes.lines)")
        let diff = try folder.run(["diff", "base.yaml", "merged.yaml"])
        #expect(diff.status == 1, "\(diff.err)")
        #expect(diff.out == changes.lines.map { $0 + "\n" }.joined() + changes.summaryLine + "\n")
        let json = try folder.run(["diff", "--format", "json", "base.yaml", "merged.yaml"])
        #expect(json.out == changes.jsonText())

        // Both change one price: a conflict around its line, the rest merged.
        try folder.write(
            list { $0 == 100 ? item(100).replacingOccurrences(of: "price: 11.05", with: "price: 9.99") : ours($0) },
            to: "ours.yaml")
        try folder.write(
            list { $0 == 100 ? item(100).replacingOccurrences(of: "price: 11.05", with: "price: 8.88") : theirs($0) },
            to: "theirs.yaml")
        let conflicted = try folder.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        #expect(conflicted.status == 1, "\(conflicted.err)")
        #expect(conflicted.err.contains("1 conflict"), "\(conflicted.err)")
        let withMarkers = list { index in
            guard index == 100 else { return index == 20000 || index == 25000 || index == Self.count - 1 ? theirs(index) : ours(index) }
            return "  - name: Item 100\n<<<<<<< ours\n    price: 9.99\n=======\n    price: 8.88\n>>>>>>> theirs\n    quantity: 2\n"
        }
        #expect(try folder.read("ours.yaml") == Array(withMarkers.utf8))
    }
}
