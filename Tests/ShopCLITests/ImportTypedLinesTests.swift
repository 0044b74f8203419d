import Foundation
import Testing

/// `shop import` reading what people type, end to end on the built `shop`: pack prices, prices
/// without `@`, spreadsheet rows, lists of names, edited checklists with prose around them,
/// spreadsheets saved as tab-separated or UTF-16 text, and the round trips of lists with sizes.
@Suite struct ImportTypedLinesTests {
    static let list = """
        # Sizes and pack units.
        title: Pantry
        currency: EUR
        categories:
          - Pantry
          - Drinks
        items:
          - name: Coffee beans
            price: 7.99
            size: 500 g
            category: Pantry
            buy: true
          - name: Cola
            price: 4.99
            quantity: 2
            size: 6 x 330 ml
            category: Drinks
            buy: true
            done: true
          - name: Tea
            price: 3.10
            quantity: 3
            unit: 250 g
            category: Pantry
            buy: true
          - name: Jam
            price: 2.20
            size: 450g # another form: kept, with a warning
            buy: true
          - name: Potatoes
            price: 1.20
            quantity: 2
            unit: kg
          - name: Crème fraîche
            price: 1.19

        """

    static func scratch(_ text: String = list) throws -> EditScratch {
        let scratch = try EditScratch()
        try scratch.write(text, to: "shopping.yaml")
        return scratch
    }

    static func run(_ arguments: [String], in scratch: EditScratch, input: String) throws -> ShopProcess.Result {
        let process = try EditCLI.process(arguments, in: scratch.folder)
        return try ShopProcess.run(process, stdin: .pipe(Data(input.utf8)), timeout: 60)
    }

    @Test(arguments: [["markdown"], ["markdown", "--all"], ["csv"], ["csv", "--all"], ["json"], ["json", "--all"]])
    func anExportOfAListWithSizesImportedBackChangesNoByte(_ export: [String]) throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let exported = try scratch.run(["export", "--format"] + export)
        #expect(exported.status == 0, "\(exported)")
        let process = try EditCLI.process(["import", "--format", export[0], "-"], in: scratch.folder)
        let imported = try ShopProcess.run(process, stdin: .pipe(exported.stdout), timeout: 60)
        #expect(imported.status == 0, "\(imported)")
        // A spreadsheet and JSON say which items are off the list; a checklist of every item
        // puts them all on it.
        if export != ["markdown", "--all"] {
            #expect(imported.err == "nothing to import: the list already has every item as given\n", "\(imported.err)")
            #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        } else {
            // Every item comes back on the list; nothing else changes.
            let text = try scratch.text("shopping.yaml")
            #expect(text == Self.list.replacingOccurrences(of: "    unit: kg\n", with: "    unit: kg\n    buy: true\n")
                .replacingOccurrences(of: "    price: 1.19\n", with: "    price: 1.19\n    buy: true\n"), "\(text)")
        }
    }

    @Test func typedLinesGiveSizesPricesAndSeveralItems() throws {
        let scratch = try Self.scratch()
        let lines = """
            coffee beans 500 g 8.49
            2 x oat drink 1 l 1.89
            Potatoes 2.5 kg 3.49
            milk 2x 1.29
            bread, rolls
            Crème fraîche (full fat)
            Apples\t3\t3,59

            """
        let run = try Self.run(["import", "--format", "text", "-"], in: scratch, input: lines)
        #expect(run.status == 0, "\(run)")
        let text = try scratch.text("shopping.yaml")
        #expect(text.contains("  - name: Coffee beans\n    price: 8.49\n    size: 500 g\n"), "\(text)")
        #expect(text.contains("  - name: Potatoes\n    price: 3.49\n    quantity: 1\n    size: 2.5 kg\n    buy: true\n"), "\(text)")
        #expect(text.contains("  - name: Crème fraîche\n    price: 1.19\n    buy: true\n"), "\(text)")
        #expect(text.contains("  - name: oat drink\n    price: 1.89\n    quantity: 2\n    size: 1 l\n    buy: true\n"), "\(text)")
        #expect(text.contains("  - name: milk\n    price: 1.29\n    quantity: 2\n    buy: true\n"), "\(text)")
        #expect(text.contains("  - name: bread\n    buy: true\n  - name: rolls\n    buy: true\n"), "\(text)")
        #expect(text.contains("  - name: Apples\n    price: 3.59\n    quantity: 3\n    buy: true\n"), "\(text)")
        // What import writes, check takes: the only warning is the jam's own size.
        let check = try scratch.run(["check"])
        #expect(check.status == 0, "\(check)")
        #expect(check.out.contains("0 errors, 1 warning"), "\(check.out)")
    }

    @Test func aChecklistWithProseIsReadAndItsSkippedLinesCounted() throws {
        let scratch = try Self.scratch()
        let checklist = """
            # Pantry

            Bring the big bag.

            - [x] Coffee beans (500 g) — 7.99
            - [x] Cola (6 x 330 ml) – 3 – 14,97 € (on sale)
            - [ ] Creme fraiche
            | Item | Qty |
            - Apples

            Total: 22.96

            """
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let preview = try Self.run(["import", "--dry-run", "--format", "markdown", "-"], in: scratch, input: checklist)
        #expect(preview.status == 0, "\(preview)")
        #expect(
            preview.out == """
                ~ Coffee beans: done false -> true
                ~ Cola: quantity 2 -> 3
                + Creme fraiche
                1 added, 0 removed, 2 changed

                """, "\(preview.out)")
        #expect(preview.err.contains("shop: warning: added \"Creme fraiche\" as a new item; did you mean \"Crème fraîche\"?\n"), "\(preview.err)")
        #expect(preview.err.contains("skipped 4 lines that are not task items"), "\(preview.err)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
    }

    @Test func spreadsheetsSavedAsTabsOrUTF16InTheirOwnLanguage() throws {
        let scratch = try Self.scratch()
        let tsv = "name\tquantity\tprice\tbuy\r\nPotatoes\t3\t1,10\tWAHR\r\nCola\t\t\tFALSCH\r\n"
        var utf16 = Data([0xFF, 0xFE])
        for unit in tsv.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        try utf16.write(to: scratch.url("sheet.csv"))
        let run = try scratch.run(["import", "sheet.csv"])
        #expect(run.status == 0, "\(run)")
        let text = try scratch.text("shopping.yaml")
        #expect(text.contains("  - name: Potatoes\n    price: 1.10\n    quantity: 3\n    unit: kg\n    buy: true\n"), "\(text)")
        #expect(text.contains("    size: 6 x 330 ml\n    category: Drinks\n  - name: Tea"), "\(text)")
        let ticks = try Self.scratch()
        let csv = "name,buy,done\nCoffee beans,x,x\nCola,x,\nTea,,\n"
        let ticked = try Self.run(["import", "--format", "csv", "-"], in: ticks, input: csv)
        #expect(ticked.status == 0, "\(ticked)")
        let after = try ticks.text("shopping.yaml")
        #expect(after.contains("    category: Pantry\n    buy: true\n    done: true\n  - name: Cola"), "\(after)")
        #expect(after.contains("    category: Drinks\n    buy: true\n  - name: Tea"), "\(after)")
        #expect(after.contains("    unit: 250 g\n    category: Pantry\n  - name: Jam"), "\(after)")
    }
}
