import Foundation
import Testing

/// `shop list` run as a user runs it.
@Suite struct ListCommandTests {
    static let list = """
        title: Mixed
        currency: EUR
        categories: [Sweets]
        items:
          - {name: Crème brûlée, price: 4.5, category: Sweets, buy: true}
          - {name: 日本茶, price: 12.00, quantity: 2, unit: 袋, buy: true, done: true}
          - {name: 🍮 Pudding, price: 1.25, quantity: 0.5, unit: kg, category: sweets, buy: true}
          - {name: Apples, quantity: 3, buy: true}
          - {name: Flour, price: 0.99, unit: kg, category: Baking}

        """

    /// Columns line up by display width: `日本茶` and `🍮` take two columns a character, `è` one.
    static let table = """
        Mixed

              Name          Qty  Unit  Price  Total

        Sweets
          [ ] Crème brûlée    1         4.50   4.50
          [ ] 🍮 Pudding    0.5  kg     1.25   0.62
              Subtotal                         5.12

        Other
          [x] 日本茶          2  袋    12.00  24.00
          [ ] Apples          3
              Subtotal                        24.00

        Total: 29.12 EUR (1 item without a price)
        Still to get: 5.12 EUR (1 item without a price)

        """

    @Test func theShoppingListAsAnAlignedTable() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "shopping.yaml")
        let run = try folder.run(["list"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == Self.table)
        #expect(run.err.isEmpty)
    }

    @Test("a group in which nothing has a price has no subtotal; a group with a price of 0 keeps its 0.00")
    func noSubtotalWithoutPrices() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(
            """
            title: Trip
            currency: EUR
            categories: [Produce, Household]
            items:
              - {name: Apples, price: 2.00, quantity: 2, category: Produce, buy: true}
              - {name: Pears, category: Produce, buy: true}
              - {name: Soap, category: Household, buy: true}
              - {name: Sponges, category: Household, buy: true, done: true}
              - {name: Bread, buy: true}
              - {name: Free sample, price: 0, buy: true}

            """, to: "shopping.yaml")
        let run = try folder.run(["list"])
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.out == """
                Trip

                      Name         Qty  Unit  Price  Total

                Produce
                  [ ] Apples         2         2.00   4.00
                  [ ] Pears          1
                      Subtotal                        4.00

                Household
                  [ ] Soap           1
                  [x] Sponges        1

                Other
                  [ ] Bread          1
                  [ ] Free sample    1         0.00   0.00
                      Subtotal                        0.00

                Total: 4.00 EUR (4 items without a price)
                Still to get: 4.00 EUR (3 items without a price)

                """)
    }

    @Test func everyItemWithAll() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "list.yaml")
        let run = try folder.run(["list", "--all", "-f", "list.yaml"])
        #expect(run.status == 0)
        let lines = run.out.components(separatedBy: "\n")
        #expect(lines.contains("Baking"))
        // Items that are not on the list have no box.
        #expect(lines.contains("      Flour           1  kg     0.99   0.99"), "\(run.out)")
        #expect(lines.contains("  [ ] Crème brûlée    1         4.50   4.50"), "\(run.out)")
        #expect(lines.contains("Total: 30.11 EUR (1 item without a price)"))
        #expect(lines.contains("Still to get: 5.12 EUR (1 item without a price)"))
        // Sweets are listed first (aisle order), then Baking, then the uncategorized.
        let order = lines.filter { ["Sweets", "Baking", "Other"].contains($0) }
        #expect(order == ["Sweets", "Baking", "Other"])
    }

    @Test func oneCategory() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "shopping.yaml")
        let sweets = try folder.run(["list", "--category", "SWEETS"])
        #expect(sweets.status == 0)
        #expect(sweets.out.contains("Crème brûlée"))
        #expect(sweets.out.contains("Pudding"))
        #expect(!sweets.out.contains("Apples"))
        #expect(sweets.out.hasSuffix("Total: 5.12 EUR\nStill to get: 5.12 EUR\n"))

        let notOnTheList = try folder.run(["list", "--category", "baking"])
        #expect(notOnTheList.status == 0)
        #expect(notOnTheList.out == "No items in baking on the shopping list.\n")

        let unknown = try folder.run(["list", "--category", "Sweet"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.err.contains("did you mean \"Sweets\"?"), "\(unknown.err)")
    }

    @Test func anEmptyListSaysSo() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write("items:\n  - name: Tea\n", to: "shopping.yaml")
        let run = try folder.run(["list"])
        #expect(run.status == 0)
        #expect(run.out == "Nothing on the shopping list.\n")
        try folder.write("items: []\n", to: "shopping.yaml")
        #expect(try folder.run(["list", "--all"]).out == "No items.\n")
    }

    @Test func colourOnlyWhenAskedForOrOnATerminal() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "shopping.yaml")
        // Standard output is a pipe here, not a terminal.
        #expect(!(try folder.run(["list"]).out.contains("\u{1B}[")))
        #expect(!(try folder.run(["list", "--color", "auto"], environment: ["TERM": "xterm"]).out.contains("\u{1B}[")))
        let always = try folder.run(["--color", "always", "list"], environment: ["NO_COLOR": "1"])
        #expect(always.out.contains("\u{1B}[1mMixed\u{1B}[0m"))
        #expect(always.out.contains("\u{1B}[2m  [x] 日本茶"))
        let plain = always.out.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(
            of: "\u{1B}[2m", with: ""
        )
        .replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(plain == Self.table)
        #expect(!(try folder.run(["list", "--color", "never"]).out.contains("\u{1B}[")))
    }

    @Test(.requires(.python)) func colourOnATerminalUnlessNoColor() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(Self.list, to: "shopping.yaml")
        let terminal = try ExportCLI.runOnTerminal(["list"], in: folder.url, environment: ["TERM": "xterm"])
        #expect(terminal.status == 0, "\(terminal.out)\(terminal.err)")
        #expect(terminal.out.contains("\u{1B}[1mMixed\u{1B}[0m"), "\(terminal.out.debugDescription)")
        let noColor = try ExportCLI.runOnTerminal(
            ["list"], in: folder.url, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.status == 0)
        #expect(!noColor.out.contains("\u{1B}["))
        #expect(noColor.out.replacingOccurrences(of: "\r\n", with: "\n") == Self.table)
        let never = try ExportCLI.runOnTerminal(
            ["list", "--color", "never"], in: folder.url, environment: ["TERM": "xterm"])
        #expect(!never.out.contains("\u{1B}["))
    }

    @Test func controlCharactersCannotBreakTheTable() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write("items:\n  - {name: \"two\\nlines \\e[31mred\", buy: true}\n", to: "shopping.yaml")
        let run = try folder.run(["list"])
        #expect(run.status == 0)
        #expect(run.out.contains("  [ ] two\u{240A}lines \u{241B}[31mred"), "\(run.out)")
        #expect(!run.out.contains("\u{1B}"))
    }

    @Test func aFileWithCheckErrorsIsListedAsFarAsItCanBeRead() throws {
        let folder = try ExportCLIFolder()
        defer { folder.remove() }
        try folder.write(
            "items:\n  - {name: Tea, price: -1, buy: true}\n  - {name: Milk, price: 1.10, buy: true}\n", to: "shopping.yaml")
        let run = try folder.run(["list"])
        #expect(run.status == 1)
        // The bad price counts as absent; the other item is listed with its price.
        #expect(run.out.contains("  [ ] Tea     1\n"), "\(run.out)")
        #expect(run.out.contains("  [ ] Milk    1         1.10   1.10\n"), "\(run.out)")
        #expect(run.out.contains("Total: 1.10 (1 item without a price)\n"), "\(run.out)")
        #expect(run.err.contains("[bad-price]"), "\(run.err)")
        #expect(run.err.contains("has errors"), "\(run.err)")
        try folder.write("items: [a\n", to: "shopping.yaml")
        let broken = try folder.run(["list"])
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.err.contains("[syntax]"), "\(broken.err)")
        let missing = try folder.run(["list", "-f", "nope.yaml"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("nope.yaml"))
    }
}
