import Foundation
import ShopCore
import Testing
import YAML

/// The editing commands on a list that names a catalog, end to end on the built binary: each
/// change goes to the file that owns the value, the file not changed keeps its bytes and inode,
/// comments stay in both, and many writers on two lists sharing one catalog lose nothing.
@Suite("editing a list that names a catalog")
struct CatalogEditTests {
    static let catalog = """
        # What the household buys.
        title: Household catalog
        currency: EUR
        categories:
          - Produce
          - Dairy
          - Pantry
        items:
          - name: Apples # by the kilo
            price: 2.49
            unit: kg
            category: Produce
          - name: Bananas
            price: 1.79
            unit: kg
            category: Produce
          - name: Milk
            id: milk-whole
            price: 1.15
            category: Dairy
            notes: The glass bottle.
          # Only for the party.
          - name: Crisps
            price: 1.99
            category: Pantry
        """ + "\n"

    static let list = """
        # This week.
        title: Weekly
        catalog: catalog.yaml
        items:
          - name: Apples # the red ones
            quantity: 2
            buy: true
          - name: Whole milk
            id: milk-whole
            price: 1.05 # the corner shop's
            buy: true
          - name: Candles
            price: 3.00
        """ + "\n"

    /// A folder with the catalog and the list.
    static func scratch() throws -> EditScratch {
        let scratch = try EditScratch()
        try scratch.write(catalog, to: "catalog.yaml")
        try scratch.write(list, to: "weekly.yaml")
        return scratch
    }

    /// Runs `arguments` on weekly.yaml and checks that `unchanged` kept its bytes, inode, time and
    /// mode.
    static func run(_ arguments: [String], in scratch: EditScratch, unchanged: [String]) throws -> ShopProcess.Result {
        let before = try unchanged.map { try EditFileSnapshot(scratch.url($0)) }
        let result = try scratch.run(["-f", "weekly.yaml"] + arguments)
        for (name, snapshot) in zip(unchanged, before) {
            #expect(try EditFileSnapshot(scratch.url(name)) == snapshot, "\(name) changed: \(result)")
        }
        return result
    }

    @Test("buy, done and quantity change the list; the catalog stays as it is")
    func listOwnsBuyDoneQuantity() throws {
        let scratch = try Self.scratch()
        let result = try Self.run(["edit", "Apples", "--quantity", "3"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(result.status == 0, "\(result)")
        #expect(result.err == "changed \"Apples\" (weekly.yaml)\n", "\(result)")
        #expect(try scratch.text("weekly.yaml") == Self.list.replacingOccurrences(of: "quantity: 2", with: "quantity: 3"))
        let done = try Self.run(["done", "Apples"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(done.status == 0, "\(done)")
        #expect(try scratch.text("weekly.yaml").contains("  - name: Apples # the red ones\n    quantity: 3\n    buy: true\n    done: true\n"))
    }

    @Test("a value the list sets is changed in the list; one it takes from the catalog, in the catalog")
    func valuesGoToTheirOwner() throws {
        let scratch = try Self.scratch()
        // The list sets Whole milk's price: the list's price changes.
        let own = try Self.run(["edit", "Whole milk", "--price", "1.09"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(own.status == 0, "\(own)")
        #expect(try scratch.text("weekly.yaml") == Self.list.replacingOccurrences(of: "price: 1.05", with: "price: 1.09"))
        // Apples takes its price and unit from the catalog: the catalog changes, with its comments.
        let listBefore = try scratch.text("weekly.yaml")
        let shared = try Self.run(["edit", "apples", "--price", "2.59", "--unit", "kg"], in: scratch, unchanged: ["weekly.yaml"])
        #expect(shared.status == 0, "\(shared)")
        #expect(shared.err == "changed \"Apples\" (catalog.yaml)\n", "\(shared)")
        #expect(try scratch.text("catalog.yaml") == Self.catalog.replacingOccurrences(of: "price: 2.49", with: "price: 2.59"))
        #expect(try scratch.text("weekly.yaml") == listBefore)
        // The notes of Whole milk come from the catalog item its id names.
        let notes = try Self.run(["edit", "Whole milk", "--notes", "Two bottles."], in: scratch, unchanged: ["weekly.yaml"])
        #expect(notes.status == 0, "\(notes)")
        #expect(try scratch.text("catalog.yaml").contains("    notes: Two bottles.\n  # Only for the party.\n"))
    }

    @Test("an edit of values both files own writes both, under both locks, and says so for each")
    func bothFiles() throws {
        let scratch = try Self.scratch()
        let result = try scratch.run(["-f", "weekly.yaml", "edit", "Apples", "--price", "2.99", "--quantity", "1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.err == "changed \"Apples\" (weekly.yaml)\nchanged \"Apples\" (catalog.yaml)\n", "\(result)")
        #expect(try scratch.text("weekly.yaml") == Self.list.replacingOccurrences(of: "quantity: 2", with: "quantity: 1"))
        #expect(try scratch.text("catalog.yaml") == Self.catalog.replacingOccurrences(of: "price: 2.49", with: "price: 2.99"))
        #expect(try scratch.names() == ["catalog.yaml", "weekly.yaml"])
        #expect(try scratch.run(["check", "weekly.yaml"]).status == 0)
    }

    @Test("buy of a catalog item the list does not have adds it to the list, by its category")
    func buyCatalogOnly() throws {
        let scratch = try Self.scratch()
        let result = try Self.run(["buy", "bananas", "--quantity", "2"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(result.status == 0, "\(result)")
        #expect(result.err == "\"Bananas\" is on the list, quantity 2 (weekly.yaml)\n", "\(result)")
        #expect(
            try scratch.text("weekly.yaml")
                == Self.list.replacingOccurrences(
                    of: "    buy: true\n  - name: Whole milk", with: "    buy: true\n  - name: Bananas\n    quantity: 2\n    buy: true\n  - name: Whole milk"))
        // Named again, it is the list's item now.
        let again = try Self.run(["buy", "Bananas"], in: scratch, unchanged: ["catalog.yaml", "weekly.yaml"])
        #expect(again.err == "\"Bananas\" is already on the list (weekly.yaml)\n", "\(again)")
        let list = try scratch.run(["-f", "weekly.yaml", "list"])
        #expect(list.out.contains("Bananas"), "\(list)")
    }

    @Test("done of a catalog-only item puts it on the list checked off; unbuy and undone of one change nothing")
    func doneUnbuyUndoneCatalogOnly() throws {
        let scratch = try Self.scratch()
        let unbuy = try Self.run(["unbuy", "Crisps"], in: scratch, unchanged: ["catalog.yaml", "weekly.yaml"])
        #expect(unbuy.status == 0 && unbuy.err == "\"Crisps\" is not on the list (weekly.yaml)\n", "\(unbuy)")
        let undone = try Self.run(["undone", "Crisps"], in: scratch, unchanged: ["catalog.yaml", "weekly.yaml"])
        #expect(undone.status == 0 && undone.err == "\"Crisps\" is not checked off (weekly.yaml)\n", "\(undone)")
        let done = try Self.run(["done", "Crisps"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(done.status == 0, "\(done)")
        #expect(try scratch.text("weekly.yaml") == Self.list + "  - name: Crisps\n    buy: true\n    done: true\n")
    }

    @Test("edit of a catalog item the list does not name edits the catalog; its quantity is refused")
    func editCatalogOnly() throws {
        let scratch = try Self.scratch()
        let result = try Self.run(["edit", "Crisps", "--price", "2.19", "--name", "Potato crisps"], in: scratch, unchanged: ["weekly.yaml"])
        #expect(result.status == 0, "\(result)")
        #expect(result.err == "changed \"Potato crisps\" (catalog.yaml)\n", "\(result)")
        #expect(
            try scratch.text("catalog.yaml")
                == Self.catalog.replacingOccurrences(of: "name: Crisps\n    price: 1.99", with: "name: Potato crisps\n    price: 2.19"))
        let quantity = try Self.run(["edit", "Bananas", "--quantity", "2"], in: scratch, unchanged: ["weekly.yaml", "catalog.yaml"])
        #expect(quantity.status == 1, "\(quantity)")
        #expect(quantity.err.contains("'shop -f weekly.yaml buy Bananas --quantity 2'"), "\(quantity)")
    }

    @Test("edit --unset of a key the list sets removes it there; of one it inherits, from the catalog")
    func unset() throws {
        let scratch = try Self.scratch()
        let own = try Self.run(["edit", "Whole milk", "--unset", "price"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(own.status == 0, "\(own)")
        #expect(!(try scratch.text("weekly.yaml")).contains("1.05"))
        let inherited = try Self.run(["edit", "Whole milk", "--unset", "notes"], in: scratch, unchanged: ["weekly.yaml"])
        #expect(inherited.status == 0, "\(inherited)")
        #expect(try scratch.text("catalog.yaml") == Self.catalog.replacingOccurrences(of: "    notes: The glass bottle.\n", with: ""))
    }

    @Test("rm of a catalog-only item and add of a catalog name are refused with advice; nothing is written")
    func refusals() throws {
        let scratch = try Self.scratch()
        let remove = try Self.run(["rm", "Bananas"], in: scratch, unchanged: ["weekly.yaml", "catalog.yaml"])
        #expect(remove.status == 1, "\(remove)")
        #expect(remove.err.contains("'shop -f catalog.yaml rm Bananas'"), "\(remove)")
        let add = try Self.run(["add", "bananas", "--buy"], in: scratch, unchanged: ["weekly.yaml", "catalog.yaml"])
        #expect(add.status == 1, "\(add)")
        #expect(add.err.contains("\"Bananas\" is in the catalog (catalog.yaml line 13)"), "\(add)")
        #expect(add.err.contains("'shop -f weekly.yaml buy Bananas'"), "\(add)")
        // rm of an item the list has removes it from the list only.
        let listed = try Self.run(["rm", "Apples"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(listed.status == 0, "\(listed)")
        #expect(!(try scratch.text("weekly.yaml")).contains("Apples"))
        let typo = try Self.run(["buy", "Banannas"], in: scratch, unchanged: ["weekly.yaml", "catalog.yaml"])
        #expect(typo.status == 1 && typo.err.contains("did you mean \"Bananas\"?"), "\(typo)")
    }

    @Test("the catalog's name of an item the list names by id under another name finds the list's item; a rename warns")
    func idAndRename() throws {
        let scratch = try Self.scratch()
        // "Milk" is the catalog's name of the list's "Whole milk" (id milk-whole): done checks it off in the list.
        let done = try Self.run(["done", "milk"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(done.status == 0 && done.err == "checked off \"Whole milk\" (weekly.yaml)\n", "\(done)")
        #expect(try scratch.text("weekly.yaml").contains("    price: 1.05 # the corner shop's\n    buy: true\n    done: true\n"))
        // Apples is matched by name: renamed in the list only, with a warning.
        let rename = try Self.run(["edit", "Apples", "--name", "Red apples"], in: scratch, unchanged: ["catalog.yaml"])
        #expect(rename.status == 0, "\(rename)")
        #expect(
            rename.err.contains(
                "shop: warning: \"Red apples\" is not in the catalog (catalog.yaml), which keeps \"Apples\": the list's item no longer takes its values from there"
            ), "\(rename)")
    }

    @Test("--new-category goes to the categories in force: the catalog's when the list has none")
    func newCategory() throws {
        let scratch = try Self.scratch()
        let result = try scratch.run(["-f", "weekly.yaml", "add", "Matches", "--category", "Household", "--new-category"])
        #expect(result.status == 0, "\(result)")
        #expect(result.err == "added \"Household\" to \"categories\" (catalog.yaml)\nadded \"Matches\" (weekly.yaml)\n", "\(result)")
        #expect(try scratch.text("catalog.yaml") == Self.catalog.replacingOccurrences(of: "  - Pantry\n", with: "  - Pantry\n  - Household\n"))
        #expect(try scratch.text("weekly.yaml") == Self.list + "  - name: Matches\n    category: Household\n")
    }

    @Test("a catalog that cannot be read: the list's own items are edited, and an unknown name says why")
    func unreadableCatalog() throws {
        let scratch = try EditScratch()
        try scratch.write(Self.list, to: "weekly.yaml")
        let buy = try Self.run(["buy", "Candles"], in: scratch, unchanged: [])
        #expect(buy.status == 0, "\(buy)")
        let missing = try Self.run(["buy", "Bananas"], in: scratch, unchanged: ["weekly.yaml"])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.err.contains("the catalog the list names cannot be read (see 'shop check')"), "\(missing)")
        #expect(try scratch.names() == ["weekly.yaml"])
    }

    @Test("writers on two lists sharing a catalog in another folder: every buy in its list, every price in the catalog")
    func concurrentWriters() throws {
        let scratch = try EditScratch()
        try FileManager.default.createDirectory(at: scratch.url("shared"), withIntermediateDirectories: true)
        var catalog = "currency: EUR\nitems:\n"
        for index in 0..<12 { catalog += "  - name: Item \(index)\n    price: 1.00\n" }
        try scratch.write(catalog, to: "shared/catalog.yaml")
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: scratch.url(folder), withIntermediateDirectories: true)
            try scratch.write("catalog: ../shared/catalog.yaml\nitems: []\n", to: "\(folder)/list.yaml")
        }
        var commands: [[String]] = []
        for index in 0..<12 {
            commands.append(["-f", "a/list.yaml", "buy", "Item \(index)"])
            commands.append(["-f", "b/list.yaml", "edit", "Item \(index)", "--price", "\(index).25"])
            commands.append(["-f", "b/list.yaml", "buy", "Item \(index)"])
        }
        try Self.runAtOnce(commands, in: scratch)
        let shared = ShoppingList(document: try Document(parsing: try scratch.text("shared/catalog.yaml")))
        for index in 0..<12 {
            #expect(shared.items.first { $0.name == "Item \(index)" }?.price == DecimalNumber("\(index).25"))
        }
        for folder in ["a", "b"] {
            let list = ShoppingList(document: try Document(parsing: try scratch.text("\(folder)/list.yaml")))
            #expect(Set(list.items.compactMap(\.name)) == Set((0..<12).map { "Item \($0)" }), "\(folder)")
            let allBought = list.items.allSatisfy { $0.buy }
            #expect(allBought)
            let unpriced = list.items.allSatisfy { $0.valueNode(.price) == nil }
            #expect(unpriced, "a buy never writes a price into the list")
            #expect(try Files.names(in: scratch.url(folder)) == ["list.yaml"])
        }
        #expect(try Files.names(in: scratch.url("shared")) == ["catalog.yaml"])
    }

    @Test(
        "an edit reads the list once, and the catalog once when it sits in the list's folder (strace)",
        .requires(.program("strace")))
    func readsOnce() throws {
        let scratch = try Self.scratch()
        try FileManager.default.createDirectory(at: scratch.url("shared"), withIntermediateDirectories: true)
        try scratch.write(Self.catalog, to: "shared/catalog.yaml")
        try scratch.write(Self.list.replacingOccurrences(of: "catalog.yaml", with: "shared/catalog.yaml"), to: "far.yaml")
        try scratch.write("items:\n  - name: Soap\n", to: "alone.yaml")
        let trace = scratch.url("trace")
        // A catalog in another folder is locked with the list, and the list read again under both locks.
        let cases = [
            (list: "alone.yaml", item: "Soap", catalog: "", listReads: 1), ("weekly.yaml", "Crisps", "catalog.yaml", 1),
            ("far.yaml", "Crisps", "shared/catalog.yaml", 2),
        ]
        for (list, item, catalog, listReads) in cases {
            let run = try EditCLI.run(
                ["-f", list, "buy", item], in: scratch.folder,
                prefix: EditCLI.strace(["-f", "-qq", "-o", trace.path, "-e", "trace=openat"]))
            #expect(run.status == 0, "\(list): \(run)")
            let opened = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            func reads(_ name: String) -> Int {
                opened.filter { $0.contains("\"\(name)\"") && $0.contains("O_RDONLY") && !$0.contains("O_DIRECTORY") }.count
            }
            #expect(reads(list) == listReads, "\(list): \(opened)")
            if !catalog.isEmpty { #expect(reads(catalog) == 1, "\(catalog): \(opened)") }
        }
    }

    @Test("two lists whose catalogs are each in the other's folder: writers of both never wait on each other for ever")
    func crossingFolders() throws {
        let scratch = try EditScratch()
        for (folder, other) in [("x", "y"), ("y", "x")] {
            try FileManager.default.createDirectory(at: scratch.url(folder), withIntermediateDirectories: true)
            try scratch.write("currency: EUR\nitems:\n  - name: Tea\n    price: 1.00\n", to: "\(folder)/catalog.yaml")
            try scratch.write("catalog: ../\(other)/catalog.yaml\nitems:\n  - name: Tea\n", to: "\(folder)/list.yaml")
        }
        var commands: [[String]] = []
        for index in 0..<10 {
            // Each writes both folders: the price to the other folder's catalog, the quantity to its list.
            commands.append(["-f", "x/list.yaml", "edit", "Tea", "--price", "\(index + 1).00", "--quantity", "\(index + 1)"])
            commands.append(["-f", "y/list.yaml", "edit", "Tea", "--price", "\(index + 1).00", "--quantity", "\(index + 1)"])
        }
        try Self.runAtOnce(commands, in: scratch)
        for folder in ["x", "y"] {
            #expect(try scratch.run(["check", "\(folder)/list.yaml"]).status == 0)
            #expect(try Files.names(in: scratch.url(folder)) == ["catalog.yaml", "list.yaml"])
        }
    }

    /// Starts every command at once in `scratch`'s folder and expects each to succeed.
    static func runAtOnce(_ commands: [[String]], in scratch: EditScratch) throws {
        var processes: [(process: Process, errors: URL)] = []
        for arguments in commands {
            let process = try EditCLI.process(arguments, in: scratch.folder)
            let errors = URL(fileURLWithPath: "/tmp/shop-catalog-concurrent-\(UUID().uuidString)")
            try Data().write(to: errors)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            processes.append((process, errors))
        }
        defer { for (_, errors) in processes { try? FileManager.default.removeItem(at: errors) } }
        for (process, _) in processes { try process.run() }
        for (process, _) in processes { process.waitUntilExit() }
        for ((process, errors), arguments) in zip(processes, commands) {
            let message = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(arguments): \(message)")
        }
    }

    /// The faults of WriteFaultTests, with the reason the system gives for each.
    @Test("a failing write of the two-file edit: both files as they were, nothing left, exit 2 naming the file",
        arguments: WriteFaultTests.faults.map(\.name))
    func failingTwoFileWrite(_ fault: String) throws {
        let scratch = try Self.scratch()
        let before = try ["weekly.yaml", "catalog.yaml"].map { try EditFileSnapshot(scratch.url($0)) }
        let result = try scratch.run(
            ["-f", "weekly.yaml", "edit", "Apples", "--price", "2.99", "--quantity", "1"], environment: ["SHOP_INJECT_FAULT": fault])
        let reason = WriteFaultTests.faults.first { $0.name == fault }?.reason ?? ""
        #expect(result.status == 2, "\(result)")
        // The catalog's new text is written first: it is the file named.
        #expect(result.err == "shop: error: cannot write 'catalog.yaml': \(reason)\n", "\(result)")
        #expect(try ["weekly.yaml", "catalog.yaml"].map { try EditFileSnapshot(scratch.url($0)) } == before)
        #expect(try scratch.names() == ["catalog.yaml", "weekly.yaml"])
    }
}
