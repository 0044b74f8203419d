import Foundation
import Testing

/// `stores:` and `--store NAME` / `SHOP_STORE`, run as a user runs them: the sections of `list`,
/// Markdown, HTML and the phone's page in a store's aisle order, CSV and JSON in file order, the
/// refusal of a store the list does not have, and what `check` and `fmt` make of `stores`.
@Suite struct StoreOrderTests {
    /// Two stores; Market lists Bakery before Dairy (and Produce, spelled otherwise, last), the
    /// corner shop only Frozen. Tea has a category that `categories` lacks, Soap none.
    static let list = """
        title: Week
        currency: EUR
        categories: [Produce, Dairy, Bakery, Frozen]
        stores:
          Market: [Bakery, Dairy, produce]
          Corner shop: [Frozen]
        items:
          - {name: Milk, price: 1.10, category: Dairy, buy: true}
          - {name: Apples, category: Produce, buy: true}
          - {name: Bread, price: 2.00, category: Bakery, buy: true}
          - {name: Peas, category: Frozen, buy: true}
          - {name: Soap, buy: true}
          - {name: Tea, category: Drinks, buy: true}

        """

    static let categoriesOrder = ["Produce", "Dairy", "Bakery", "Frozen", "Drinks", "Other"]
    static let marketOrder = ["Bakery", "Dairy", "Produce", "Frozen", "Drinks", "Other"]
    static let cornerOrder = ["Frozen", "Produce", "Dairy", "Bakery", "Drinks", "Other"]

    /// The section headings of `list`'s table: the lines that start with neither a space nor a
    /// total, between the column header and the totals.
    static func listHeadings(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return lines.dropFirst(2).filter {
            !$0.hasPrefix(" ") && !$0.hasPrefix("Total:") && !$0.hasPrefix("Still to get:")
        }
    }

    /// The `## ` headings of a Markdown export.
    static func markdownHeadings(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// The `<h2>` headings of an HTML page (the phone's page carries `data-md` on them).
    static func htmlHeadings(_ output: String) -> [String] {
        var headings: [String] = []
        for line in output.split(separator: "\n") where line.hasPrefix("<h2") {
            guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</h2>") else { continue }
            headings.append(String(line[line.index(after: open)..<close.lowerBound]))
        }
        return headings
    }

    func makeFolder(_ text: String = StoreOrderTests.list) throws -> ExportCLIFolder {
        let folder = try ExportCLIFolder()
        try folder.write(text, to: "shopping.yaml")
        return folder
    }

    @Test("list groups by categories without a store, by the store's aisles with --store or SHOP_STORE")
    func listOrder() throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        let plain = try folder.run(["list"])
        #expect(plain.status == 0, "\(plain)")
        #expect(Self.listHeadings(plain.out) == Self.categoriesOrder)

        // Store names are compared like names: case and extra spaces do not matter.
        let market = try folder.run(["list", "--store", "market"])
        #expect(market.status == 0, "\(market)")
        #expect(Self.listHeadings(market.out) == Self.marketOrder)
        #expect(market.err.isEmpty)

        let corner = try folder.run(["list"], environment: ["SHOP_STORE": "Corner  Shop"])
        #expect(corner.status == 0, "\(corner)")
        #expect(Self.listHeadings(corner.out) == Self.cornerOrder)

        // --store wins over the environment.
        let both = try folder.run(["list", "--store", "Market"], environment: ["SHOP_STORE": "Corner shop"])
        #expect(Self.listHeadings(both.out) == Self.marketOrder)

        // The rows and the totals are the same whatever the order.
        func rows(_ output: String) -> [String] { output.split(separator: "\n").map(String.init).sorted() }
        #expect(rows(market.out) == rows(plain.out))
        #expect(plain.out.contains("Total: 3.10 EUR"))
    }

    @Test("a list that names a catalog takes the catalog's stores unless it sets its own")
    func storesOfTheCatalog() throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        try folder.write(Self.list.replacingOccurrences(of: "title: Week\n", with: "title: Catalog\n"), to: "catalog.yaml")
        try folder.write("title: Week\ncatalog: catalog.yaml\nitems:\n  - {name: Milk, buy: true}\n  - {name: Bread, buy: true}\n  - {name: Peas, buy: true}\n", to: "week.yaml")
        let market = try folder.run(["list", "-f", "week.yaml", "--store", "Market"])
        #expect(market.status == 0, "\(market)")
        #expect(Self.listHeadings(market.out) == ["Bakery", "Dairy", "Frozen"])
        let stores = try folder.run(["list", "-f", "week.yaml", "--stores"])
        #expect(stores.out == "Market\nCorner shop\n", "\(stores)")
        // The list's own stores replace the catalog's whole.
        try folder.write("title: Week\ncatalog: catalog.yaml\nstores:\n  Home: [Frozen]\nitems:\n  - {name: Milk, buy: true}\n", to: "week.yaml")
        let refused = try folder.run(["list", "-f", "week.yaml", "--store", "Market"])
        #expect(refused.status == 2 && refused.err.contains("its stores are: Home"), "\(refused)")
    }

    @Test("--store with --category, text and --not-done keeps the filters")
    func listFilters() throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        let run = try folder.run(["list", "--store", "Market", "--category", "Produce"])
        #expect(run.status == 0, "\(run)")
        #expect(Self.listHeadings(run.out) == ["Produce"])
        #expect(run.out.contains("Apples"))
        #expect(!run.out.contains("Milk"))
    }

    @Test("Markdown, HTML and the phone's page follow the store; CSV and JSON keep file order", arguments: [
        "markdown", "html", "phone", "csv", "json",
    ])
    func exports(format: String) throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        let plain = try folder.run(["export", "--format", format])
        let market = try folder.run(["export", "--format", format, "--store", "Market"])
        let corner = try folder.run(["export", "--format", format], environment: ["SHOP_STORE": "corner shop"])
        for run in [plain, market, corner] {
            #expect(run.status == 0, "\(run)")
            #expect(run.err.isEmpty)
        }
        switch format {
        case "markdown":
            #expect(Self.markdownHeadings(plain.out) == Self.categoriesOrder)
            #expect(Self.markdownHeadings(market.out) == Self.marketOrder)
            #expect(Self.markdownHeadings(corner.out) == Self.cornerOrder)
        case "html":
            #expect(Self.htmlHeadings(plain.out) == Self.categoriesOrder)
            #expect(Self.htmlHeadings(market.out) == Self.marketOrder)
            #expect(Self.htmlHeadings(corner.out) == Self.cornerOrder)
        case "phone":
            // The page ends with the section for what is added in the store.
            #expect(Array(Self.htmlHeadings(plain.out).prefix(6)) == Self.categoriesOrder)
            #expect(Array(Self.htmlHeadings(market.out).prefix(6)) == Self.marketOrder)
            #expect(Array(Self.htmlHeadings(corner.out).prefix(6)) == Self.cornerOrder)
        default:
            // Rows in file order, byte for byte the export without a store.
            #expect(market.stdout == plain.stdout)
            #expect(corner.stdout == plain.stdout)
            let milk = try #require(plain.out.range(of: "Milk"))
            let tea = try #require(plain.out.range(of: "Tea"))
            #expect(milk.lowerBound < tea.lowerBound)
        }
    }

    @Test("a store the list does not have is a usage error naming its stores; export -o writes nothing")
    func unknownStore() throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        let list = try folder.run(["list", "--store", "Aldi"])
        #expect(list.status == 2)
        #expect(list.out.isEmpty)
        #expect(list.err == "shop: error: no store 'Aldi' in shopping.yaml; its stores are: Market, Corner shop\n")

        let export = try folder.run(["export", "--store", "Aldi", "-o", "list.md"])
        #expect(export.status == 2)
        #expect(export.err == "shop: error: no store 'Aldi' in shopping.yaml; its stores are: Market, Corner shop\n")
        #expect(!folder.exists("list.md"))

        // An export that would replace a file leaves it as it was.
        try folder.write("kept\n", to: "list.html")
        let replaced = try folder.run(["export", "-o", "list.html"], environment: ["SHOP_STORE": "Aldi"])
        #expect(replaced.status == 2)
        #expect(
            replaced.err
                == "shop: error: no store 'Aldi' (from SHOP_STORE) in shopping.yaml; its stores are: Market, Corner shop\n")
        #expect(try folder.read("list.html") == Array("kept\n".utf8))
        #expect(try folder.contents() == ["list.html", "shopping.yaml"])
    }

    @Test("a list without stores ignores SHOP_STORE, and refuses --store")
    func listWithoutStores() throws {
        let text = """
            categories: [Produce, Dairy]
            items:
              - {name: Milk, category: Dairy, buy: true}
              - {name: Apples, category: Produce, buy: true}

            """
        let folder = try makeFolder(text)
        defer { folder.remove() }
        let plain = try folder.run(["list"])
        let household = try folder.run(["list"], environment: ["SHOP_STORE": "Market"])
        #expect(household.status == 0, "\(household)")
        #expect(household.out == plain.out)
        #expect(household.err.isEmpty)
        #expect(Self.listHeadings(household.out) == ["Produce", "Dairy"])

        let exported = try folder.run(["export", "--format", "markdown"], environment: ["SHOP_STORE": "Market"])
        #expect(exported.status == 0, "\(exported)")
        #expect(Self.markdownHeadings(exported.out) == ["Produce", "Dairy"])

        let asked = try folder.run(["list", "--store", "Market"])
        #expect(asked.status == 2)
        #expect(asked.err.hasPrefix("shop: error: no store 'Market' in shopping.yaml; it has no stores"))
    }

    @Test("list --stores prints the store names for completion")
    func storeNames() throws {
        let folder = try makeFolder()
        defer { folder.remove() }
        let run = try folder.run(["list", "--stores"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out == "Market\nCorner shop\n")
        let mixed = try folder.run(["list", "--stores", "--names"])
        #expect(mixed.status == 2)
    }

    @Test("check reports the shape of stores, repeated stores and categories, and unknown categories")
    func findings() throws {
        let text = """
            categories: [Produce, Dairy]
            stores:
              Market: [Dairy, Diary, dairy, Fish]
              market: [Produce]
              Corner: x
              Deli:
                - [Dairy]
              Empty:
            items: []

            """
        let folder = try makeFolder(text)
        defer { folder.remove() }
        let run = try folder.run(["check"])
        #expect(run.status == 1)
        let expected = [
            "shopping.yaml:3:19: warning: category \"Diary\" of store \"Market\" is not in \"categories\" (did you mean \"Dairy\"?) [unknown-category]",
            "shopping.yaml:3:26: error: category \"dairy\" is listed twice in store \"Market\" (first at line 3) [duplicate-category]",
            "shopping.yaml:3:33: warning: category \"Fish\" of store \"Market\" is not in \"categories\"; add it there or fix the spelling [unknown-category]",
            "shopping.yaml:4:3: error: store \"market\" is written twice (first at line 3 as \"Market\"); store names are compared like item names, keep one [duplicate-store]",
            "shopping.yaml:5:11: error: store \"Corner\" must have a list of categories in aisle order, not a single value [structure]",
            "shopping.yaml:7:7: error: a category must be a name, not a list [structure]",
            "shopping.yaml:8:3: error: store \"Empty\" has no value; write its categories in aisle order, or \"[]\" for none yet [structure]",
        ]
        let headlines = run.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("shopping.yaml:") }
        #expect(headlines == expected, "\(run)")

        let mapping = try folder.run(["check", "-"], stdin: "stores: [Market]\nitems: []\n")
        #expect(mapping.status == 1)
        #expect(
            mapping.out.contains(
                "\"stores\" must be a mapping from each store's name to its categories in aisle order, not a list [structure]"),
            "\(mapping)")
    }

    @Test("check --fix removes a category repeated in a store and writes the listed spelling")
    func fixes() throws {
        let folder = try makeFolder(
            """
            categories: [Produce, Dairy]
            stores:
              Market: [dairy, Produce, produce]
            items: []

            """)
        defer { folder.remove() }
        let run = try folder.run(["check", "--fix"])
        #expect(run.status == 0, "\(run)")
        let fixed = String(decoding: try folder.read("shopping.yaml"), as: UTF8.self)
        #expect(fixed == "categories:\n  - Produce\n  - Dairy\nstores:\n  Market:\n    - Dairy\n    - Produce\nitems: []\n")
    }

    @Test("fmt writes stores in block style after categories, texts quoted as YAML needs")
    func format() throws {
        let folder = try makeFolder(
            """
            items: []
            stores: {Market: [Dairy, yes, "Produce"], "2024": []}
            categories: [Dairy, Produce, "yes"]
            title: T

            """)
        defer { folder.remove() }
        let run = try folder.run(["fmt"])
        #expect(run.status == 0, "\(run)")
        let formatted = String(decoding: try folder.read("shopping.yaml"), as: UTF8.self)
        #expect(
            formatted == """
                title: T
                categories:
                  - Dairy
                  - Produce
                  - "yes"
                stores:
                  Market:
                    - Dairy
                    - "yes"
                    - Produce
                  "2024": []
                items: []

                """)
        let again = try folder.run(["fmt", "--check"])
        #expect(again.status == 0, "\(again)")
    }

    // MARK: Merge

    static let mergeBase = """
        categories:
          - Produce
          - Dairy
          - Bakery
        stores:
          Market:
            - Bakery
            - Dairy
        items:
          - name: Milk
            category: Dairy

        """

    /// `base` with `stores:` replaced by `stores`.
    static func withStores(_ stores: String) -> String {
        let start = mergeBase.range(of: "stores:\n")!.lowerBound
        let end = mergeBase.range(of: "items:\n")!.lowerBound
        return mergeBase.replacingCharacters(in: start..<end, with: stores)
    }

    func merge(ours: String, theirs: String) throws -> (run: ShopProcess.Result, result: String) {
        let folder = try makeFolder(Self.mergeBase)
        defer { folder.remove() }
        try folder.write(Self.mergeBase, to: "base.yaml")
        try folder.write(ours, to: "ours.yaml")
        try folder.write(theirs, to: "theirs.yaml")
        let run = try folder.run(["merge", "base.yaml", "ours.yaml", "theirs.yaml"])
        return (run, String(decoding: try folder.read("ours.yaml"), as: UTF8.self))
    }

    @Test("stores changed on both sides merge store by store")
    func mergeDifferentStores() throws {
        // Ours adds a store; theirs changes Market's order and adds another.
        let ours = Self.withStores("stores:\n  Market:\n    - Bakery\n    - Dairy\n  Corner shop:\n    - Produce\n")
        let theirs = Self.withStores(
            "stores:\n  Deli:\n    - Dairy\n  Market:\n    - Produce\n    - Bakery\n    - Dairy\n")
        let (run, result) = try merge(ours: ours, theirs: theirs)
        #expect(run.status == 0, "\(run)")
        #expect(
            result
                == Self.withStores(
                    "stores:\n  Deli:\n    - Dairy\n  Market:\n    - Produce\n    - Bakery\n    - Dairy\n"
                        + "  Corner shop:\n    - Produce\n"))

        // A store removed on one side while the other adds one.
        let removed = Self.withStores("stores:\n  Deli:\n    - Dairy\n")
        let (run2, result2) = try merge(ours: ours, theirs: removed)
        #expect(run2.status == 0, "\(run2)")
        #expect(result2 == Self.withStores("stores:\n  Deli:\n    - Dairy\n  Corner shop:\n    - Produce\n"))
    }

    @Test("one store changed differently on both sides is a conflict that keeps both")
    func mergeSameStore() throws {
        let ours = Self.withStores("stores:\n  Market:\n    - Bakery\n    - Dairy\n    - Produce\n")
        let theirs = Self.withStores("stores:\n  Market:\n    - Produce\n    - Bakery\n    - Dairy\n")
        let (run, result) = try merge(ours: ours, theirs: theirs)
        #expect(run.status == 1, "\(run)")
        #expect(result.contains("<<<<<<< ours\nstores:\n  Market:\n    - Bakery\n    - Dairy\n    - Produce\n=======\n"))
        #expect(result.contains("=======\nstores:\n  Market:\n    - Produce\n    - Bakery\n    - Dairy\n>>>>>>> theirs\n"))

        // The same change on both sides is taken once.
        let (same, sameResult) = try merge(ours: ours, theirs: ours)
        #expect(same.status == 0, "\(same)")
        #expect(sameResult == ours)
    }

    // MARK: Completion

    @Test("bash completes --store with the stores of the list file", .requires(.program("bash")))
    func completion() throws {
        try CompletionTests.withListFolder(shell: "bash") { folder, script in
            try Files.write(Self.list, to: folder.appendingPathComponent("stores.yaml"))
            func candidates(_ words: String...) throws -> [String] {
                try CompletionTests.bashCandidates(words, script: script, in: folder)
            }
            #expect(try candidates("shop", "-f", "stores.yaml", "list", "--store", "") == ["Market", "Corner\\ shop"])
            #expect(try candidates("shop", "-f", "stores.yaml", "export", "--store", "c") == ["Corner\\ shop"])
            #expect(try candidates("shop", "list", "--store", "").isEmpty, "a list without stores offers none")
        }
    }
}
