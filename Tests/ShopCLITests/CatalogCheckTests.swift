import Foundation
import Testing
import TestSupport

/// Lists that name a catalog, as a user sees them: check reports each finding in the file it is in,
/// the catalog's errors at the list's `catalog` value, and list and export show resolved items.
@Suite("several lists, one catalog")
struct CatalogCheckTests {
    static let catalog = """
        # The household's catalog.
        currency: EUR
        categories: [Produce, Dairy]
        items:
          - name: Apples
            price: 2.49
            unit: kg
            category: Produce
          - name: Milk
            id: milk-1
            price: 1.15
            size: 1 l
            category: Dairy
            notes: glass bottle

        """

    static let list = """
        # This week.
        title: Week
        catalog: shared/catalog.yaml
        items:
          - name: apples
            quantity: 2
            buy: true
          - name: Fresh milk
            id: milk-1
            price: 1.30
            buy: true
          - name: Eggs
            buy: true

        """

    /// A folder with `shared/catalog.yaml` and `week.yaml` naming it.
    func household(_ body: (ScratchFolder) throws -> Void) throws {
        let folder = try ScratchFolder("shop-cli-tests")
        try folder.write(Self.catalog, to: "shared/catalog.yaml")
        try folder.write(Self.list, to: "week.yaml")
        try body(folder)
    }

    /// Runs `shop` in `folder`, with `input` on standard input when given.
    func shop(_ arguments: [String], in folder: ScratchFolder, input: String? = nil) throws -> ShopProcess.Result {
        try ShopProcess.run(arguments, stdin: input.map { Data($0.utf8) }, in: folder.url)
    }

    /// Expects the catalog as the household's is, and the list as `list` (unless nil).
    func expectFiles(in folder: ScratchFolder, list: String? = Self.list, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let list { #expect(try folder.text("week.yaml") == list, sourceLocation: sourceLocation) }
        #expect(try folder.text("shared/catalog.yaml") == Self.catalog, sourceLocation: sourceLocation)
    }

    @Test("check reports the list's findings in the list and the catalog's in the catalog, text and JSON")
    func findingsInBothFiles() throws {
        try household { folder in
            try folder.write(Self.catalog.replacingOccurrences(of: "price: 2.49", with: "price: 2,49"), to: "shared/catalog.yaml")
            let text = try shop(["check", "week.yaml"], in: folder)
            #expect(text.status == 1)
            #expect(text.out.contains("week.yaml:12:11: warning: \"Eggs\" is not in the catalog; add it there, or check its spelling [not-in-catalog]\n"), "\(text.out)")
            #expect(text.out.contains("shared/catalog.yaml:6:12: error: "), "\(text.out)")
            #expect(text.out.contains("[bad-price]"))
            #expect(text.out.hasSuffix("1 error, 1 warning in 2 files\n"), "\(text.out)")

            let json = try shop(["check", "--format", "json", "week.yaml"], in: folder)
            let entries = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
            let places = entries.map { "\($0["file"] as? String ?? "?") \($0["rule"] as? String ?? "?")" }
            #expect(places == ["week.yaml not-in-catalog", "shared/catalog.yaml bad-price"])
        }
    }

    @Test("a catalog several lists name is checked once; named too, it is checked where it comes")
    func eachCatalogOnce() throws {
        try household { folder in
            try folder.write(Self.list.replacingOccurrences(of: "Week", with: "Party"), to: "party.yaml")
            let run = try shop(["check", "week.yaml", "party.yaml", "shared/catalog.yaml"], in: folder)
            #expect(run.out.hasSuffix("0 errors, 2 warnings in 3 files\n"), "\(run.out)")
        }
    }

    @Test("the catalog's errors: missing, a directory, not a shop file, naming a catalog, a loop")
    func catalogErrors() throws {
        let folder = try ScratchFolder("shop-cli-tests")
        func check(_ list: String, _ expected: String) throws {
            try folder.write("catalog: \(list)\nitems: []\n", to: "list.yaml")
            let run = try shop(["check", "list.yaml"], in: folder)
            #expect(run.status == 1)
            #expect(run.out.hasPrefix("list.yaml:1:10: error: \(expected)"), "\(run.out)")
        }
        try check("missing.yaml", "cannot read the catalog 'missing.yaml': No such file or directory")
        try folder.makeFolder("folder")
        try check("folder", "cannot read the catalog 'folder': it is a directory")
        try folder.write("items: [\n", to: "broken.yaml")
        try check("broken.yaml", "the catalog 'broken.yaml' is not a shop list")
        try folder.write("catalog: other.yaml\nitems: []\n", to: "chained.yaml")
        try check(
            "chained.yaml", "the catalog 'chained.yaml' names a catalog itself ('other.yaml'); a catalog cannot have a catalog")

        try folder.write("catalog: b.yaml\nitems: []\n", to: "a.yaml")
        try folder.write("catalog: a.yaml\nitems: []\n", to: "b.yaml")
        let loop = try shop(["check", "a.yaml"], in: folder)
        #expect(loop.out.hasPrefix("a.yaml:1:10: error: the catalog 'b.yaml' names a catalog itself ('a.yaml')"), "\(loop.out)")
        #expect(loop.out.contains("b.yaml:1:10: error: the catalog 'a.yaml' names a catalog itself ('b.yaml')"), "\(loop.out)")
        #expect(loop.out.hasSuffix("2 errors, 0 warnings in 2 files\n"))
        // Exports refuse a list whose catalog is missing.
        let export = try shop(["export", "--format", "csv", "list.yaml"], in: folder)
        #expect(export.status == 1)
        #expect(export.err.contains("[catalog]"))
    }

    @Test("currency-mismatch, and unknown-category against the catalog's categories")
    func currencyAndCategories() throws {
        try household { folder in
            try folder.write("currency: USD\ncatalog: shared/catalog.yaml\nitems:\n  - name: Milk\n    category: Diary\n", to: "week.yaml")
            let run = try shop(["check", "week.yaml"], in: folder)
            #expect(run.out.contains("week.yaml:1:11: error: the currency USD differs from the catalog's (EUR); prices of both files are in one currency [currency-mismatch]"), "\(run.out)")
            #expect(run.out.contains("week.yaml:5:15: warning: category \"Diary\" is not in the catalog's \"categories\" (did you mean \"Dairy\"?) [unknown-category]"), "\(run.out)")
        }
    }

    @Test("list shows resolved items; --all is the list file's items only")
    func listResolved() throws {
        try household { folder in
            let run = try shop(["-f", "week.yaml", "list", "--all"], in: folder)
            #expect(run.status == 0, "\(run.err)")
            #expect(
                run.out == """
                    Week

                          Name        Qty  Unit  Size  Price  Total

                    Produce
                      [ ] apples        2  kg           2.49   4.98
                          Subtotal                             4.98

                    Dairy
                      [ ] Fresh milk    1        1 l    1.30   1.30
                          Subtotal                             1.30

                    Other
                      [ ] Eggs          1

                    Total: 6.28 EUR (1 item without a price)
                    Still to get: 6.28 EUR (1 item without a price)

                    """, "\(run.out)")
            #expect(!run.out.contains("Milk\n"))
        }
    }

    @Test("exports carry the catalog's values where the list sets none")
    func exportsResolved() throws {
        try household { folder in
            let csv = try shop(["export", "--format", "csv", "week.yaml"], in: folder)
            #expect(csv.status == 0, "\(csv.err)")
            #expect(
                csv.out == """
                    name,quantity,unit,size,price,total,category,buy,done,notes,id\r
                    apples,2,kg,,2.49,4.98,Produce,true,false,,\r
                    Fresh milk,1,,1 l,1.30,1.30,Dairy,true,false,glass bottle,milk-1\r
                    Eggs,1,,,,,,true,false,,\r

                    """, "\(csv.out)")
            let json = try shop(["export", "--format", "json", "week.yaml"], in: folder)
            #expect(json.out.contains("\"currency\": \"EUR\""), "\(json.out)")
            #expect(json.out.contains("\"notes\": \"glass bottle\""), "\(json.out)")
            for format in ["markdown", "html", "phone"] {
                let run = try shop(["export", "--format", format, "week.yaml"], in: folder)
                #expect(run.status == 0)
                #expect(run.out.contains("Produce") && run.out.contains("glass bottle"), "\(format)")
            }
        }
    }

    @Test("standard input reads the catalog from the working folder")
    func standardInput() throws {
        try household { folder in
            let run = try shop(["export", "--format", "csv", "-"], in: folder, input: Self.list)
            #expect(run.out.contains("apples,2,kg,,2.49,4.98,Produce"), "\(run.out)\(run.err)")
        }
    }

    @Test("completion lists the catalog's names after the list's")
    func names() throws {
        try household { folder in
            let run = try shop(["-f", "week.yaml", "list", "--names"], in: folder)
            #expect(run.out == "apples\nFresh milk\nEggs\nMilk\n")
        }
    }

    @Test("read-only commands leave both files, comments and all; fmt writes the list only")
    func filesUntouched() throws {
        try household { folder in
            for arguments in [["check", "week.yaml"], ["-f", "week.yaml", "list"], ["export", "--format", "json", "week.yaml"]] {
                _ = try shop(arguments, in: folder)
            }
            try expectFiles(in: folder)
            try folder.write("catalog:   shared/catalog.yaml\ntitle: Week\nitems: []\n", to: "week.yaml")
            let format = try shop(["fmt", "week.yaml"], in: folder)
            #expect(format.status == 0, "\(format.err)")
            try expectFiles(in: folder, list: "title: Week\ncatalog: shared/catalog.yaml\nitems: []\n")
        }
    }

    @Test("check --fix fixes the list, leaves its catalog, and reports both files")
    func fixLeavesTheCatalog() throws {
        try household { folder in
            try folder.write(Self.catalog.replacingOccurrences(of: "price: 2.49", with: "price: 2,49"), to: "shared/catalog.yaml")
            let catalogBefore = try folder.text("shared/catalog.yaml")
            try folder.write(Self.list.replacingOccurrences(of: "price: 1.30", with: "price: 1,30"), to: "week.yaml")
            let run = try shop(["check", "--fix", "week.yaml"], in: folder)
            #expect(try folder.text("week.yaml") == Self.list)
            #expect(try folder.text("shared/catalog.yaml") == catalogBefore)
            #expect(run.out.contains("[not-in-catalog]") && run.out.contains("shared/catalog.yaml:6:12: error: "), "\(run.out)")
            #expect(run.status == 1)
            // Nothing left to fix in the list: still reported with its catalog.
            let again = try shop(["check", "--fix", "week.yaml"], in: folder)
            #expect(again.out.hasSuffix("1 error, 1 warning in 2 files\n"), "\(again.out)")
        }
    }

    @Test("merge and diff compare lists that name a catalog as files")
    func mergeAndDiff() throws {
        try household { folder in
            let base = Self.list
            let ours = base.replacingOccurrences(of: "quantity: 2", with: "quantity: 3")
            let theirs = base.replacingOccurrences(of: "shared/catalog.yaml", with: "shared/other.yaml")
            try folder.write(base, to: "base.yaml")
            try folder.write(ours, to: "ours.yaml")
            try folder.write(theirs, to: "theirs.yaml")
            let diff = try shop(["diff", "base.yaml", "theirs.yaml"], in: folder)
            #expect(diff.out.contains("shared/other.yaml"), "\(diff.out)\(diff.err)")
            let merge = try shop(["merge", "base.yaml", "ours.yaml", "theirs.yaml"], in: folder)
            #expect(merge.status == 0, "\(merge.err)")
            let merged = try folder.text("ours.yaml")
            #expect(merged.contains("catalog: shared/other.yaml\n") && merged.contains("quantity: 3\n"), "\(merged)")
            try expectFiles(in: folder, list: nil)
        }
    }

    @Test("import of names into a list with a catalog: a catalog item joins the list by name alone")
    func importNames() throws {
        try household { folder in
            try folder.write("- [ ] Milk\n- [x] apples\n", to: "back.md")
            let run = try shop(["-f", "week.yaml", "import", "back.md"], in: folder)
            #expect(run.status == 0, "\(run.err)")
            try folder.write("catalog: shared/catalog.yaml\nitems:\n  - name: apples\n", to: "week.yaml")
            let again = try shop(["-f", "week.yaml", "import", "back.md"], in: folder)
            #expect(again.status == 0, "\(again.err)")
            try expectFiles(
                in: folder, list: "catalog: shared/catalog.yaml\nitems:\n  - name: apples\n    buy: true\n    done: true\n  - name: Milk\n    buy: true\n")
        }
    }

    @Test("import of values: each lands in the file it comes from, as edit puts it; an export read back changes neither file")
    func importValues() throws {
        try household { folder in
            let export = try shop(["-f", "week.yaml", "export", "--format", "csv", "--all"], in: folder)
            #expect(export.status == 0, "\(export.err)")
            try folder.write(export.out, to: "back.csv")
            let same = try shop(["-f", "week.yaml", "import", "back.csv"], in: folder)
            #expect(same.status == 0, "\(same.err)")
            try expectFiles(in: folder)
            // apples takes its price from the catalog, Fresh milk sets its own.
            let changed = export.out.replacingOccurrences(of: ",2.49,", with: ",2.79,").replacingOccurrences(of: ",1.30,", with: ",1.35,")
            #expect(changed != export.out)
            try folder.write(changed, to: "back.csv")
            let run = try shop(["-f", "week.yaml", "import", "back.csv"], in: folder)
            #expect(run.status == 0, "\(run.err)")
            #expect(run.err.contains("changed \"Apples\" (shared/catalog.yaml)"), "\(run.err)")
            // The catalog is written as every edit writes a file, in canonical form.
            let catalog = try folder.text("shared/catalog.yaml")
            #expect(
                catalog.hasPrefix("# The household's catalog.\n") && catalog.contains("  - name: Apples\n    price: 2.79\n")
                    && !catalog.contains("2.49") && catalog.contains("    price: 1.15\n"), "\(catalog)")
            #expect(
                try folder.text("week.yaml")
                    == Self.list.replacingOccurrences(of: "price: 1.30", with: "price: 1.35"))
        }
    }

    @Test("the household example: each list passes check --strict with its catalog")
    func householdExample() throws {
        for name in ["weekly", "party"] {
            let run = try DocsTools.shop(["check", "--strict", DocsPaths.file("examples/household/\(name).yaml").path])
            #expect(run.status == 0, "\(name): \(run.out)")
            #expect(run.out == "no problems in 2 files\n")
        }
    }
}
