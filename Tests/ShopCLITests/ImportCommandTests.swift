import Foundation
import ShopCore
import Testing

/// `shop import` as a user runs it: the round trips through the exports, refused imports that
/// leave the list byte-identical, --dry-run, how the format is chosen, and hostile input.
@Suite struct ImportCommandTests {
    /// A list with comments, a currency of three decimals, items with and without prices, a name
    /// Markdown escapes, notes, one item done and one off the list.
    static let list = """
        # The flat's list.
        title: Weekly
        currency: KWD
        categories:
          - Produce
          - Dairy
        items:
          # fruit first
          - name: Apples
            price: 1.250
            quantity: 6
            unit: pcs
            category: Produce
            buy: true # for the cake
          - name: "*Star* fruit"
            category: Produce
            buy: true
            done: true
          - name: Oat milk
            price: 0.990
            category: Dairy
            buy: true
            notes: |
              Barista edition.
              Not the sweetened one.
          - name: Butter
            price: 2.000
          - name: "=SUM(A1)"
            quantity: 0.5
            unit: kg
            buy: true
        x-shop: corner

        """

    /// Runs `shop` in `scratch` with `input` on standard input.
    static func run(_ arguments: [String], in scratch: EditScratch, input: Data? = nil) throws -> ShopProcess.Result {
        let process = try EditCLI.process(arguments, in: scratch.folder)
        return try ShopProcess.run(process, stdin: input.map(ShopProcess.Input.pipe) ?? .none, timeout: 60)
    }

    static func scratch(_ list: String = list) throws -> EditScratch {
        let scratch = try EditScratch()
        try scratch.write(list, to: "shopping.yaml")
        return scratch
    }

    @Test(arguments: [["markdown"], ["csv"], ["csv", "--all"], ["json"], ["json", "--all"]])
    func anExportImportedBackChangesNoByte(_ export: [String]) throws {
        for list in [Self.list, try String(contentsOf: CLIPaths.repositoryRoot.appendingPathComponent("examples/groceries.yaml"), encoding: .utf8)] {
            let scratch = try Self.scratch(list)
            let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
            let exported = try Self.run(["export", "--format"] + export, in: scratch)
            #expect(exported.status == 0, "\(exported)")
            let imported = try Self.run(["import", "--format", export[0], "-"], in: scratch, input: exported.stdout)
            #expect(imported.status == 0, "\(imported)")
            #expect(imported.err == "nothing to import: the list already has every item as given\n")
            #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
            #expect(try scratch.names() == ["shopping.yaml"])
        }
    }

    /// A checklist imported into another list, where no name is known to pick the reading, adds
    /// the items it shows: names a line typed by hand would read otherwise carry their quantity.
    @Test func aChecklistImportedIntoAnotherListKeepsItsNames() throws {
        let names = ["Heinz 57", "2 kg flour", "Tea — 3", "Salt — ×2", "a dozen eggs", "2-3 apples", "Rice @ 0 50", "Milk"]
        let source = try Self.scratch("items:\n" + names.map { "  - name: \"\($0)\"\n" }.joined())
        let exported = try Self.run(["export", "--format", "markdown", "--all"], in: source)
        #expect(exported.status == 0, "\(exported)")
        #expect(exported.out.contains("- [ ] Heinz 57 — ×1\n- [ ] 2 kg flour — ×1\n"), "\(exported.out)")
        #expect(exported.out.contains("- [ ] Milk\n"), "\(exported.out)")
        let other = try Self.scratch("items: []\n")
        let imported = try Self.run(["import", "--format", "markdown", "-"], in: other, input: exported.stdout)
        #expect(imported.status == 0, "\(imported)")
        let listed = try Self.run(["list", "--names", "--all"], in: other)
        #expect(listed.out == names.map { $0 + "\n" }.joined(), "\(listed.out)")
        let text = try other.text("shopping.yaml")
        #expect(!text.contains("quantity"), "\(text)")
    }

    @Test func aTickedChecklistComesBack() throws {
        let scratch = try Self.scratch()
        let exported = try Self.run(["export", "--format", "markdown"], in: scratch).out
        var checklist = exported.replacingOccurrences(of: "- [ ] Apples", with: "- [x] Apples")
        checklist = checklist.replacingOccurrences(of: "- [x] \\*Star\\* fruit", with: "- [ ] \\*Star\\* fruit")
        checklist = checklist.replacingOccurrences(of: "## Dairy\n\n", with: "## Dairy\n\n- [x] 2 cream\n")
        try scratch.write(checklist, to: "checklist.md")
        let run = try Self.run(["import", "checklist.md"], in: scratch)
        #expect(run.status == 0, "\(run)")
        #expect(run.err == "imported: 1 added, 2 changed, 2 unchanged\n")
        let text = try scratch.text("shopping.yaml")
        #expect(text.contains("    buy: true # for the cake\n    done: true\n"))
        #expect(text.contains("  - name: \"*Star* fruit\"\n    category: Produce\n    buy: true\n  - name: Oat milk\n"))
        // After the last item of its category.
        #expect(text.contains("      Not the sweetened one.\n  - name: cream\n    quantity: 2\n    category: Dairy\n    buy: true\n    done: true\n  - name: Butter"))
        #expect(text.hasPrefix("# The flat's list.\n") && text.contains("  # fruit first\n") && text.hasSuffix("x-shop: corner\n"))
        #expect(try Self.run(["check"], in: scratch).status == 0)
    }

    /// A price's separators are read for the list's currency: in yen, `1,500` can only be 1500;
    /// in euros it could be 1.5 and is refused, but `1.299,00 €` cannot be anything else.
    @Test func pricesWrittenInGroupsOfThousands() throws {
        let yen = try Self.scratch("currency: JPY\nitems: []\n")
        let text = try Self.run(["import", "--format", "text", "-"], in: yen, input: Data("sake @ ¥1,500\nrice @ 1.200円\n".utf8))
        #expect(text.status == 0, "\(text)")
        let markdown = try Self.run(
            ["import", "--format", "markdown", "-"], in: yen, input: Data("- [ ] Tea — ¥1,500,000\n- [ ] Miso @ 2,400\n".utf8))
        #expect(markdown.status == 0, "\(markdown)")
        #expect(
            try yen.text("shopping.yaml")
                == "currency: JPY\nitems:\n  - name: sake\n    price: 1500\n    buy: true\n  - name: rice\n    price: 1200\n    buy: true\n"
                + "  - name: Tea\n    price: 1500000\n    buy: true\n  - name: Miso\n    price: 2400\n    buy: true\n")
        let euro = try Self.scratch("currency: EUR\nitems: []\n")
        let refused = try Self.run(["import", "--format", "text", "-"], in: euro, input: Data("wine @ 1,500 €\n".utf8))
        #expect(refused.status == 1 && refused.err.contains("\"1,500\" could mean 1500 or 1.500"), "\(refused)")
        let grouped = try Self.run(
            ["import", "--format", "markdown", "-"], in: euro, input: Data("- [ ] TV — 1.299,00 €\n- [ ] Car @ €12,500.50\n".utf8))
        #expect(grouped.status == 0, "\(grouped)")
        #expect(
            try euro.text("shopping.yaml")
                == "currency: EUR\nitems:\n  - name: TV\n    price: 1299.00\n    buy: true\n  - name: Car\n    price: 12500.50\n    buy: true\n")
    }

    @Test("a JSON number's point is a decimal point: 1.500 is 1.5; the string \"1.500\" is refused as ambiguous")
    func jsonNumbersWithThreeDecimals() throws {
        let euro = try Self.scratch("currency: EUR\nitems: []\n")
        let numbers = try Self.run(
            ["import", "--format", "json", "-"], in: euro,
            input: Data(#"[{"name": "Bread", "price": 1.500, "quantity": 2.000}, {"name": "Oil", "price": 12.50}]"#.utf8))
        #expect(numbers.status == 0, "\(numbers)")
        #expect(
            try euro.text("shopping.yaml")
                == "currency: EUR\nitems:\n  - name: Bread\n    price: 1.50\n    quantity: 2\n    buy: true\n"
                + "  - name: Oil\n    price: 12.50\n    buy: true\n")
        let string = try Self.run(
            ["import", "--format", "json", "-"], in: euro, input: Data(#"[{"name": "Tea", "price": "1.500"}]"#.utf8))
        #expect(string.status == 1 && string.err.contains("price \"1.500\" could mean 1500 or 1.5"), "\(string)")
    }

    @Test func aRefusedImportLeavesTheListByteIdentical() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        try scratch.write("2 kg flour\n2-3 apples\nmilk @ 1.2345\n", to: "pasted.txt")
        let run = try Self.run(["import", "pasted.txt"], in: scratch)
        #expect(run.status == 1)
        #expect(run.out == "")
        let lines = run.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.err)")
        #expect(lines.first == "pasted.txt:2: error: \"2-3\" is a range; write one quantity")
        #expect(lines.dropFirst().first?.hasPrefix("pasted.txt:3: error: price \"1.2345\" has 4 decimals") == true, "\(run.err)")
        #expect(lines.last == "shop: error: nothing was imported (2 problems in pasted.txt, read as text)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        #expect(try scratch.names() == ["pasted.txt", "shopping.yaml"])
    }

    @Test func manyProblemsAreCounted() throws {
        let scratch = try Self.scratch()
        try scratch.write(String(repeating: "2-3 apples\n", count: 60), to: "pasted.txt")
        let run = try Self.run(["import", "pasted.txt"], in: scratch)
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 52)
        #expect(lines[49].hasPrefix("pasted.txt:50: error: "))
        #expect(lines[50] == "pasted.txt: 10 more problems not shown")
        #expect(lines[51] == "shop: error: nothing was imported (60 problems in pasted.txt, read as text)")
    }

    @Test func dryRunPrintsTheChangesAndWritesNothing() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let csv = "name;price;buy;category\nButter;1,750;;\nOat milk;;no;\nCream;0,5;;dairy\n"
        let run = try Self.run(["import", "--dry-run", "-"], in: scratch, input: Data(csv.utf8))
        #expect(run.status == 0, "\(run)")
        #expect(
            run.out == """
                ~ Oat milk: buy true -> false
                + Cream (price 0.500, category Dairy)
                ~ Butter: price 2.000 -> 1.750, buy false -> true
                1 added, 0 removed, 2 changed

                """)
        #expect(run.err == "")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
    }

    /// An input of a megabyte or more into a short list: the preview shows what `shop diff` shows
    /// of the list before and after the import, and the list written checks clean and is in
    /// canonical form.
    @Test func aLongInputIntoAShortListPreviewsWhatItWrites() throws {
        let scratch = try Self.scratch()
        try scratch.write(Self.list, to: "before.yaml")
        var lines = "Butter @ 1.25\n[x] Oat milk\n"
        var added = 0
        while lines.utf8.count < (1 << 20) + 4096 {
            lines += "- \(added % 9 + 1) kg Bulk thing \(added) @ \(added % 20).25\n"
            added += 1
        }
        try scratch.write(lines, to: "lines.txt")
        let preview = try Self.run(["import", "--dry-run", "lines.txt"], in: scratch)
        #expect(preview.status == 0 && preview.err == "", "\(preview.err)")
        #expect(preview.out.hasSuffix("\n\(added) added, 0 removed, 2 changed\n"))
        let imported = try Self.run(["import", "lines.txt"], in: scratch)
        #expect(imported.status == 0, "\(imported)")
        let diff = try Self.run(["diff", "before.yaml", "shopping.yaml"], in: scratch)
        #expect(diff.out == preview.out)
        let check = try Self.run(["check", "shopping.yaml"], in: scratch)
        #expect(check.status == 0, "\(check)")
        let format = try Self.run(["fmt", "--check", "shopping.yaml"], in: scratch)
        #expect(format.status == 0, "\(format)")
    }

    @Test func theFormatComesFromTheOptionTheExtensionOrTheContent() throws {
        let cases: [(arguments: [String], file: String, text: String)] = [
            (["--format", "text"], "list.md", "2 kg flour\n"),
            ([], "list.txt", "2 kg flour\n"),
            ([], "list.csv", "name,quantity,unit\nflour,2,kg\n"),
            ([], "list.json", "[{\"name\": \"flour\", \"quantity\": 2, \"unit\": \"kg\"}]"),
            ([], "list.md", "- [ ] flour — 2 kg\n"),
            ([], "list", "# Baking\n\n- [ ] flour — 2 kg\n"),
            ([], "list", "Name;Qty;Unit\nflour;2;kg\n"),
            ([], "list", "{\"items\": [{\"name\": \"flour\", \"quantity\": 2, \"unit\": \"kg\"}]}"),
            ([], "list", "- 2 kg flour\n"),
        ]
        for (arguments, file, text) in cases {
            let scratch = try Self.scratch()
            try scratch.write(text, to: file)
            let run = try Self.run(["import", "--dry-run", file] + arguments, in: scratch)
            #expect(run.status == 0, "\(file) \(arguments): \(run)")
            #expect(run.out == "+ flour (quantity 2 kg)\n1 added, 0 removed, 0 changed\n", "\(file) \(arguments)")
        }
        // A sheet of one column: its header is no item.
        let scratch = try Self.scratch()
        let oneColumn = try Self.run(["import", "--dry-run", "-"], in: scratch, input: Data("Name\r\nflour\r\n".utf8))
        #expect(oneColumn.out == "+ flour\n1 added, 0 removed, 0 changed\n", "\(oneColumn)")
        // JSON that is not a list of items is refused as JSON, not added as a line of text.
        let object = try Self.run(["import", "-"], in: scratch, input: Data("{\"name\": \"Milk\", \"price\": \"1.99\"}".utf8))
        #expect(object.status == 1, "\(object)")
        #expect(object.err.contains("has no \"items\" array") && object.err.contains("read as json"), "\(object)")
    }

    /// A spreadsheet's columns: a price header's currency is the prices', checked against the
    /// list's; a column no known header names is said not to be read.
    @Test func aSpreadsheetsColumnsAreReadOrSaidNotToBe() throws {
        let scratch = try Self.scratch()
        try scratch.write("Name,Price (KWD),Unit price\nPears,2.49,2\n", to: "sheet.csv")
        let run = try Self.run(["import", "sheet.csv"], in: scratch)
        #expect(run.status == 0, "\(run)")
        #expect(run.err.hasPrefix("shop: warning: not read: the column \"Unit price\"; the columns shop reads are name, quantity, unit, size, price, category, buy, done, notes, id\n"), "\(run)")
        #expect(try scratch.text("shopping.yaml").contains("  - name: Pears\n    price: 2.490\n"))
        try scratch.write("Name,Price (USD)\nPlums,2\n", to: "dollars.csv")
        let dollars = try Self.run(["import", "dollars.csv"], in: scratch)
        #expect(dollars.status == 1 && dollars.err.contains("dollars.csv:1: error: the prices are in USD but the list's currency is KWD"), "\(dollars)")
    }

    /// A command refused before it reads standard input leaves the rest unread: the harness that
    /// feeds it gets a broken pipe, which must not end the test run.
    @Test func aRefusalBeforeReadingStandardInput() throws {
        let scratch = try Self.scratch()
        let input = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        let run = try Self.run(["import", "--format", "xml", "-"], in: scratch, input: input)
        #expect(run.status == 2, "\(run)")
        #expect(run.err.hasPrefix("shop: error: invalid value 'xml' for '--format'"), "\(run)")
    }

    @Test func usageAndFileErrors() throws {
        let scratch = try Self.scratch()
        try scratch.write("milk\n", to: "in.txt")
        let unknown = try Self.run(["import", "in.txt", "--format", "xml"], in: scratch)
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("shop: error: invalid value 'xml' for '--format'"))
        let missing = try Self.run(["import", "nowhere.md"], in: scratch)
        #expect(missing.status == 2)
        #expect(missing.err.contains("cannot read 'nowhere.md'"))
        let noList = try Self.run(["-f", "other.yaml", "import", "in.txt"], in: scratch)
        #expect(noList.status == 2, "\(noList)")
        let itself = try Self.run(["import", "shopping.yaml"], in: scratch)
        #expect(itself.status == 1)
        #expect(itself.err == "shop: error: 'shopping.yaml' is the list itself; import another file into it\n")
    }

    @Test func aYAMLFileOrAListIsRefusedUnlessAFormatIsGiven() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let other = "title: Party\nitems:\n  - name: Crisps # salted\n    price: 1.99\n"
        try scratch.write(other, to: "party.yaml")
        try scratch.write("- 2 kg flour\n- milk\n", to: "notes.yml")
        for (arguments, input, what) in [
            (["import", "party.yaml"], nil, "party.yaml is a YAML file"),
            (["import", "notes.yml"], nil, "notes.yml is a YAML file"),
            (["import", "-"], Data(other.utf8), "<stdin> is a shop list"),
        ] {
            let run = try Self.run(arguments, in: scratch, input: input)
            #expect(run.status == 1, "\(arguments): \(run)")
            #expect(
                run.err == "shop: error: \(what), which import does not read: it reads checklists (.md), spreadsheets "
                    + "(.csv), JSON exports (.json) and lines of text (.txt); give --format to read it as one of those\n")
            #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        }
        // Asked for, the lines are read as text.
        let asked = try Self.run(["import", "--dry-run", "--format", "text", "notes.yml"], in: scratch)
        #expect(asked.status == 0, "\(asked)")
        #expect(asked.out.contains("+ flour (quantity 2 kg)"), "\(asked)")
    }

    // MARK: Hostile input

    @Test func binaryDataIsRefused() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        try Data(png).write(to: scratch.url("photo.csv"))
        let run = try Self.run(["import", "photo.csv"], in: scratch)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("photo.csv:1: error: the text is not valid UTF-8 (byte 0x89); save it as UTF-8\n"), "\(run.err)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
    }

    @Test func aCSVWithoutANameColumnIsRefused() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        try scratch.write("item,qty\nApples,2\n", to: "sheet.csv")
        let run = try Self.run(["import", "sheet.csv"], in: scratch)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("sheet.csv:1: error: the header has no name column"), "\(run.err)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
    }

    /// 50 MB, from a file and through a pipe: refused without being read whole (the file) or
    /// read past the limit (the pipe), quickly.
    @Test func aFiftyMegabyteInputIsRefused() throws {
        let scratch = try Self.scratch()
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let line = Data("2 kg flour from the mill down the road\n".utf8)
        var big = Data(capacity: 50_000_000 + line.count)
        while big.count < 50_000_000 { big.append(line) }
        try big.write(to: scratch.url("big.txt"))
        let file = try Self.run(["import", "big.txt"], in: scratch)
        #expect(file.status == 1)
        #expect(
            file.err == "shop: error: big.txt: the input is \(Self.grouped(big.count)) bytes; shop imports at most 8 MiB "
                + "(8,388,608 bytes) at a time; split it into smaller files; nothing was imported\n")
        // Through a shell pipeline, whose writer stops quietly once shop has read enough.
        let pipeline = ShopProcess.process(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "yes '2 kg flour from the mill down the road' | head -c 50000000 | \"$0\" import -", try ShopProcess.requireBinary().path],
            in: scratch.folder, inheriting: .only(["PATH"]), environment: ["NO_COLOR": "1"])
        let pipe = try ShopProcess.run(pipeline, timeout: 60)
        #expect(pipe.status == 1)
        #expect(pipe.err.hasPrefix("shop: error: <stdin>: the input is larger than 8 MiB; "), "\(pipe.err)")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        #expect(try scratch.names() == ["big.txt", "shopping.yaml"])
    }

    static func grouped(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: number)) ?? "\(number)"
    }
}
