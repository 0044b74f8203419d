import Foundation
import Testing

/// `shop buy --from FILE` end to end on the built `shop`: the amounts of a recipe converted into
/// the list's units, rounded up to whole sizes, added up over several recipes before rounding,
/// multiplied by `--times`; done and off-list items put back on the list; new items with their
/// comments; refusals that write nothing.
@Suite struct BuyFromTests {
    /// A folder with `text` as its `shopping.yaml`.
    static func scratch(_ text: String) throws -> EditScratch {
        let scratch = try EditScratch()
        try scratch.write(text, to: "shopping.yaml")
        return scratch
    }

    /// Runs `shop` with `arguments` in `scratch`, expecting it to succeed and `shopping.yaml` to be
    /// `list` afterwards.
    @discardableResult
    static func buy(
        _ arguments: [String], in scratch: EditScratch, makes list: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ShopProcess.Result {
        let run = try scratch.run(arguments)
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        #expect(try scratch.text("shopping.yaml") == list, sourceLocation: sourceLocation)
        return run
    }

    /// Runs `shop` with `arguments` in `scratch`, expecting it to end with `status` and to leave
    /// `shopping.yaml` as it was, to the inode and the modification time.
    @discardableResult
    static func refused(
        _ arguments: [String], in scratch: EditScratch, status: Int32 = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ShopProcess.Result {
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let run = try scratch.run(arguments)
        #expect(run.status == status, "\(arguments): \(run)", sourceLocation: sourceLocation)
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before, sourceLocation: sourceLocation)
        return run
    }

    @Test func gramsAndKilogramsLitresAndTheirPartsConvertEachWay() throws {
        let scratch = try Self.scratch(
            """
            items:
              - name: Flour
                quantity: 1
                unit: kg
                buy: true
              - name: Sugar
                unit: g
              - name: Milk
                unit: l
                buy: true
              - name: Cream
                quantity: 2
                unit: dl
                buy: true
              - name: Eggs
                quantity: 2
                unit: pcs
                buy: true
              - name: Lemons
                buy: true

            """)
        try scratch.write(
            """
            items:
              - name: flour
                quantity: 250
                unit: g
              - name: Sugar
                quantity: 0.2
                unit: kg
              - name: Milk
                quantity: 25
                unit: cl
              - name: Cream
                quantity: 150
                unit: ml
              - name: Eggs
                quantity: 3
              - name: Lemons
                quantity: 2
                unit: pcs

            """, to: "cake.yaml")
        let run = try Self.buy(["buy", "--from", "cake.yaml"], in: scratch, makes: """
                items:
                  - name: Flour
                    quantity: 1.25
                    unit: kg
                    buy: true
                  - name: Sugar
                    quantity: 200
                    unit: g
                    buy: true
                  - name: Milk
                    quantity: 1.25
                    unit: l
                    buy: true
                  - name: Cream
                    quantity: 3.5
                    unit: dl
                    buy: true
                  - name: Eggs
                    quantity: 5
                    unit: pcs
                    buy: true
                  - name: Lemons
                    quantity: 3
                    buy: true

                """)
        #expect(
            run.err == """
                Flour: quantity 1 -> 1.25 kg
                Sugar: on the list, 200 g
                Milk: quantity 1 -> 1.25 l
                Cream: quantity 2 -> 3.5 dl
                Eggs: quantity 2 -> 5 pcs
                Lemons: quantity 1 -> 3

                """)
        #expect(run.out == "")
        // The recipe is read, never written.
        #expect(try scratch.text("cake.yaml").contains("  - name: flour\n    quantity: 250\n    unit: g\n"))
    }

    @Test func anItemWithASizeGetsWholeSizesRoundedUp() throws {
        let scratch = try Self.scratch(
            """
            items:
              - name: Butter
                size: 500 g
              - name: Flour
                size: 500 g
              - name: Cola
                size: 6 x 330 ml
              - name: Juice
                size: 6 x 330 ml
              - name: Eggs
                unit: pack
                size: 6 pcs
              - name: Coffee
                unit: pack
                size: 250 g

            """)
        try scratch.write(
            """
            items:
              - name: Butter
                quantity: 250
                unit: g
              - name: Flour
                quantity: 1.2
                unit: kg
              - name: Cola
                quantity: 2
                unit: l
              - name: Juice
                quantity: 1.98
                unit: l
              - name: Eggs
                quantity: 3
              - name: Coffee
                size: 1 kg

            """, to: "party.yaml")
        let run = try Self.buy(["buy", "--from", "party.yaml"], in: scratch, makes: """
                items:
                  - name: Butter
                    size: 500 g
                    buy: true
                  - name: Flour
                    quantity: 3
                    size: 500 g
                    buy: true
                  - name: Cola
                    quantity: 2
                    size: 6 x 330 ml
                    buy: true
                  - name: Juice
                    size: 6 x 330 ml
                    buy: true
                  - name: Eggs
                    unit: pack
                    size: 6 pcs
                    buy: true
                  - name: Coffee
                    quantity: 4
                    unit: pack
                    size: 250 g
                    buy: true

                """)
        #expect(run.err.contains("Flour: on the list, 3 (500 g)\n"), "\(run.err)")
        #expect(run.err.contains("Eggs: on the list, 1 pack (6 pcs)\n"), "\(run.err)")
        #expect(run.err.contains("Coffee: on the list, 4 pack (250 g)\n"), "\(run.err)")
    }

    @Test func amountsFromSeveralRecipesAddUpBeforeRounding() throws {
        let scratch = try Self.scratch(
            """
            items:
              - name: Butter
                size: 250 g
                buy: true
              - name: Salt
                unit: kg

            """)
        try scratch.write("items:\n  - name: Butter\n    quantity: 150\n    unit: g\n  - name: Salt\n    quantity: 0.4\n    unit: g\n", to: "a.yaml")
        try scratch.write("items:\n  - name: Butter\n    quantity: 100\n    unit: g\n  - name: Salt\n    quantity: 0.4\n    unit: g\n", to: "b.yaml")
        // 150 g + 100 g is one pack of 250 g, on top of the one on the list (two packs when
        // each recipe were rounded by itself); 0.8 g of salt is 0.0008 kg, rounded up once.
        let run = try Self.buy(["buy", "--from", "a.yaml", "--from", "b.yaml"], in: scratch, makes: """
                items:
                  - name: Butter
                    quantity: 2
                    size: 250 g
                    buy: true
                  - name: Salt
                    quantity: 0.001
                    unit: kg
                    buy: true

                """)
        #expect(run.err == "Butter: quantity 1 -> 2 (250 g)\nSalt: on the list, 0.001 kg\n")
    }

    @Test func timesMultipliesBeforeRoundingAndTakesDecimals() throws {
        let list = """
            items:
              - name: Flour
                unit: kg
              - name: Butter
                size: 250 g
              - name: Vanilla
                unit: kg

            """
        let scratch = try Self.scratch(list)
        try scratch.write(
            """
            items:
              - name: Flour
                quantity: 250
                unit: g
              - name: Butter
                quantity: 200
                unit: g
              - name: Vanilla
                quantity: 0.333
                unit: g

            """, to: "cake.yaml")
        // 375 g is 0.375 kg; 300 g needs two packs of 250 g; 0.4995 g rounds up to 0.0005 kg,
        // then to 3 decimals.
        try Self.buy(["buy", "--from", "cake.yaml", "--times", "1.5"], in: scratch, makes: """
                items:
                  - name: Flour
                    quantity: 0.375
                    unit: kg
                    buy: true
                  - name: Butter
                    quantity: 2
                    size: 250 g
                    buy: true
                  - name: Vanilla
                    quantity: 0.001
                    unit: kg
                    buy: true

                """)
        try scratch.write(list, to: "shopping.yaml")
        for times in ["0", "-1", "1.0005", "two", "1,5", ""] {
            let refused = try Self.refused(["buy", "--from", "cake.yaml", "--times", times], in: scratch)
            #expect(refused.err.contains("shop: error: --times \"\(times)\" is not a number of times"), "\(refused.err)")
        }
    }

    @Test func doneAndOffListItemsGoBackOnTheListWithTheAmount() throws {
        let scratch = try Self.scratch(
            """
            items:
              # from the farm
              - name: Milk
                quantity: 3
                unit: l
                buy: true
                done: true # in the basket
              - name: Cheese
                quantity: 2
                buy: false
              - name: Bread
                buy: true
                done: true

            """)
        try scratch.write("items:\n  - name: Milk\n    quantity: 500\n    unit: ml\n  - name: Cheese\n  - name: Bread\n", to: "r.yaml")
        let run = try Self.buy(["buy", "--from", "r.yaml"], in: scratch, makes: """
                items:
                  # from the farm
                  - name: Milk # in the basket
                    quantity: 0.5
                    unit: l
                    buy: true
                  - name: Cheese
                    quantity: 1
                    buy: true
                  - name: Bread
                    buy: true

                """)
        #expect(run.err == "Milk: on the list, 0.5 l\nCheese: on the list, 1\nBread: on the list, 1\n")
    }

    @Test func anItemTheListLacksIsAddedWithTheRecipesKeysAndComments() throws {
        let scratch = try Self.scratch(
            """
            # The flat's list
            categories:
              - Produce
              - Dairy
            items:
              - name: Apples
                category: Produce
              # dairy from here
              - name: Yogurt
                category: Dairy

            """)
        try scratch.write(
            """
            title: Soup
            items:
              # fresh, from the market
              - name: Basil
                quantity: 2
                unit: bunch
                category: Produce # or parsley
                buy: false
                done: true
                notes: |
                  Big leaves.
                x-shelf: top
              - name: Stock cubes
                category: dairy  # not really
                x-brand: any

            """, to: "soup.yaml")
        let run = try Self.buy(["buy", "--from", "soup.yaml", "--times", "2"], in: scratch, makes: """
                # The flat's list
                categories:
                  - Produce
                  - Dairy
                items:
                  - name: Apples
                    category: Produce
                  # fresh, from the market
                  - name: Basil
                    quantity: 4
                    unit: bunch
                    category: Produce # or parsley
                    buy: true
                    notes: |
                      Big leaves.
                    x-shelf: top
                  # dairy from here
                  - name: Yogurt
                    category: Dairy
                  - name: Stock cubes
                    quantity: 2
                    category: Dairy # not really
                    buy: true
                    x-brand: any

                """)
        #expect(run.err == "Basil: added to the list, 4 bunch\nStock cubes: added to the list, 2\n")
        #expect(try scratch.run(["check", "--strict"]).status == 0)
    }

    @Test func aNewItemInSeveralRecipesTakesTheFirstOnesUnitAndTheOthersConvertIntoIt() throws {
        let scratch = try Self.scratch("items:\n  - name: Salt\n")
        try scratch.write("items:\n  # the good one\n  - name: Butter\n    quantity: 200\n    unit: g\n", to: "a.yaml")
        try scratch.write("items:\n  - name: butter\n    quantity: 0.25\n    unit: kg\n    notes: not this\n", to: "b.yaml")
        let run = try scratch.run(["buy", "--from", "a.yaml", "--from", "b.yaml"])
        #expect(run.status == 0, "\(run)")
        #expect(
            try scratch.text("shopping.yaml")
                == "items:\n  - name: Salt\n  # the good one\n  - name: Butter\n    quantity: 450\n    unit: g\n    buy: true\n")
        try scratch.write("items:\n  - name: Butter\n    quantity: 1\n    unit: l\n", to: "c.yaml")
        let refused = try scratch.run(["buy", "--from", "b.yaml", "--from", "c.yaml"])
        #expect(refused.status == 1)
        #expect(refused.err.hasPrefix("shop: error: \"Butter\": c.yaml needs 1 l, which does not convert into the unit \"g\""), "\(refused.err)")
    }

    @Test func aNewItemLeavesBehindAPriceInAnotherCurrencyAndATakenID() throws {
        let scratch = try Self.scratch("currency: EUR\nitems:\n  - name: Salt\n    id: s-1\n")
        try scratch.write(
            "currency: USD\nitems:\n  - name: Saffron\n    price: 4.99\n  - name: Thyme\n    id: s-1\n  - name: Dill\n    id: d-1\n",
            to: "usd.yaml")
        try scratch.write("items:\n  - name: Figs\n    price: 1.25\n", to: "plain.yaml")
        try scratch.write("currency: KWD\nitems:\n  - name: Dates\n    price: 1.234\n", to: "kwd.yaml")
        let run = try Self.buy(["buy", "--from", "usd.yaml", "--from", "plain.yaml"], in: scratch, makes: """
                currency: EUR
                items:
                  - name: Salt
                    id: s-1
                  - name: Saffron
                    buy: true
                  - name: Thyme
                    buy: true
                  - name: Dill
                    id: d-1
                    buy: true
                  - name: Figs
                    price: 1.25
                    buy: true

                """)
        #expect(run.err.contains("shop: warning: Saffron was added without its price (its price is in USD, the list's in EUR); usd.yaml keeps it\n"), "\(run.err)")
        #expect(run.err.contains("shop: warning: Thyme was added without its id (another item of the list has the id s-1); usd.yaml keeps it\n"), "\(run.err)")
        #expect(try scratch.text("usd.yaml").contains("price: 4.99"))
        let dates = try scratch.run(["buy", "--from", "kwd.yaml"])
        #expect(dates.status == 0, "\(dates)")
        #expect(dates.err.contains("Dates was added without its price"))
        #expect(try scratch.run(["check", "--strict"]).status == 0)
    }

    @Test func aQuantityTooLargeIsRefused() throws {
        let scratch = try Self.scratch("items:\n  - name: Flour\n    quantity: 999999999\n    unit: kg\n    buy: true\n")
        try scratch.write("items:\n  - name: Flour\n    quantity: 1\n    unit: kg\n", to: "r.yaml")
        let refused = try Self.refused(["buy", "--from", "r.yaml"], in: scratch)
        #expect(refused.err == "shop: error: \"Flour\" would need a quantity of 1000000000, more than a quantity may be (under 1000000000)\n")
    }

    @Test func unitsThatDoNotConvertAreRefusedAndNothingIsWritten() throws {
        let list = """
            items:
              - name: Flour
                unit: kg
                buy: true
              - name: Milk
                unit: l
              - name: Cola
                unit: pack
                size: 6 x 330 ml
              - name: Tea
                unit: pack

            """
        let cases: [(recipe: String, message: String)] = [
            (
                "items:\n  - name: Flour\n    quantity: 200\n    unit: g\n  - name: Milk\n    quantity: 1\n    unit: kg\n",
                "\"Milk\": r.yaml needs 1 kg, which does not convert into the unit \"l\"; nothing was bought"
            ),
            (
                "items:\n  - name: Cola\n    quantity: 500\n    unit: g\n",
                "\"Cola\": r.yaml needs 500 g, which does not convert into the unit \"pack\" or its size \"6 x 330 ml\"; nothing was bought"
            ),
            (
                "items:\n  - name: tea\n    quantity: 100\n    unit: g\n",
                "\"Tea\": r.yaml needs 100 g, which does not convert into the unit \"pack\"; nothing was bought"
            ),
            (
                "items:\n  - name: Flour\n    quantity: 2\n",
                "\"Flour\": r.yaml needs 2, which does not convert into the unit \"kg\"; nothing was bought"
            ),
        ]
        let scratch = try Self.scratch(list)
        for (recipe, message) in cases {
            try scratch.write(recipe, to: "r.yaml")
            for dryRun in [[], ["--dry-run"]] {
                let refused = try Self.refused(["buy", "--from", "r.yaml"] + dryRun, in: scratch)
                #expect(refused.err.hasPrefix("shop: error: " + message), "\(recipe): \(refused.err)")
                #expect(refused.out == "")
            }
        }
        #expect(try scratch.names() == ["r.yaml", "shopping.yaml"])
    }

    @Test func dryRunPrintsWhatWouldChangeAndWritesNothing() throws {
        let scratch = try Self.scratch("items:\n  - name: Flour\n    quantity: 1\n    unit: kg\n    buy: true\n")
        try scratch.write("items:\n  - name: Flour\n    quantity: 500\n    unit: g\n  - name: Basil\n", to: "r.yaml")
        let before = try EditFileSnapshot(scratch.url("shopping.yaml"))
        let preview = try scratch.run(["buy", "--dry-run", "--from", "r.yaml"])
        #expect(preview.status == 0, "\(preview)")
        #expect(preview.out == "Flour: quantity 1 -> 1.5 kg\nBasil: added to the list, 1\n")
        #expect(preview.err == "")
        #expect(try EditFileSnapshot(scratch.url("shopping.yaml")) == before)
        // The run itself says the same, on standard error.
        let run = try scratch.run(["buy", "--from", "r.yaml"])
        #expect(run.status == 0)
        #expect(run.err == preview.out)
        #expect(try scratch.text("shopping.yaml") == "items:\n  - name: Flour\n    quantity: 1.5\n    unit: kg\n    buy: true\n  - name: Basil\n    buy: true\n")
    }

    @Test func aMissingOrBrokenRecipeIsRefused() throws {
        let scratch = try Self.scratch("items:\n  - name: Flour\n    unit: kg\n")
        let missing = try Self.refused(["buy", "--from", "nope.yaml"], in: scratch, status: 2)
        #expect(missing.err == "shop: error: cannot read 'nope.yaml': No such file or directory\n")
        try scratch.write("items:\n  - name: Flour\n    quantity: [1\n", to: "syntax.yaml")
        let syntax = try Self.refused(["buy", "--from", "syntax.yaml"], in: scratch)
        #expect(syntax.err.hasPrefix("syntax.yaml:"), "\(syntax.err)")
        #expect(syntax.err.hasSuffix("shop: error: the recipe syntax.yaml has errors; nothing was bought (see 'shop check syntax.yaml')\n"))
        try scratch.write("items:\n  - name: Flour\n    quantity: lots\n    unit: g\n", to: "value.yaml")
        let value = try Self.refused(["buy", "--from", "value.yaml"], in: scratch)
        #expect(value.err.contains("value.yaml:3:15: error: quantity \"lots\""), "\(value.err)")
        try scratch.write("title: no items\n", to: "shape.yaml")
        try Self.refused(["buy", "--from", "shape.yaml"], in: scratch)
        // A good recipe beside a broken one changes nothing either.
        try scratch.write("items:\n  - name: Flour\n    quantity: 100\n    unit: g\n", to: "good.yaml")
        try Self.refused(["buy", "--from", "good.yaml", "--from", "value.yaml"], in: scratch)
        let listItself = try Self.refused(["buy", "--from", "./shopping.yaml"], in: scratch)
        #expect(listItself.err.contains("is the list itself"))
    }

    @Test func theListsCommentsStayAndOnlyTheChangedLinesChange() throws {
        let list = """
            # yaml-language-server: $schema=shop.schema.json
            # Groceries for the flat
            title: Groceries # weekly
            currency: EUR
            categories:
              - Produce # first at the market
              - Pantry

            items:
              # fruit first
              - name: Apples
                price: 3.49
                quantity: 6 # one a day
                category: Produce
                buy: true
              - name: Flour # type 405
                price: 1.29
                unit: kg
                category: Pantry
                buy: true

              # for the cake
              - name: Sugar
                price: 0.99
                unit: kg
                category: Pantry
            # the end of the list

            """
        let scratch = try Self.scratch(list)
        try Files.write(list, to: scratch.url("old.yaml"))
        try scratch.write(
            "items:\n  - name: Apples\n    quantity: 2\n  - name: Flour\n    quantity: 300\n    unit: g\n  - name: Sugar\n    quantity: 150\n    unit: g\n",
            to: "cake.yaml")
        let run = try scratch.run(["buy", "--from", "cake.yaml"])
        #expect(run.status == 0, "\(run)")
        let diff = try DocsTools.run(
            "git", ["diff", "--no-index", "--no-color", "-U0", "old.yaml", "shopping.yaml"], in: scratch.folder)
        let changed = diff.out.split(separator: "\n").filter { line in
            (line.hasPrefix("+") || line.hasPrefix("-")) && !line.hasPrefix("+++") && !line.hasPrefix("---")
        }
        #expect(
            changed == [
                "-    quantity: 6 # one a day", "+    quantity: 8 # one a day", "+    quantity: 1.3",
                "+    quantity: 0.15", "+    buy: true",
            ], "\(diff.out)")
    }

    @Test(.requires(.program("git")))
    func aRecipeOrAListGitHoldsAsOneSidesVersionIsRefused() throws {
        let repository = try UnmergedTests.mergeWithoutDriver()
        try repository.write("items:\n  - name: Apples\n", to: "other.yaml")
        let before = try EditFileSnapshot(repository.folder.appendingPathComponent("other.yaml"))
        let recipe = try repository.shop("-f", "other.yaml", "buy", "--from", "shopping.yaml")
        #expect(recipe.status == 1, "\(recipe)")
        #expect(recipe.err.hasPrefix(UnmergedTests.oursError), "\(recipe.err)")
        #expect(recipe.err.hasSuffix("shop: error: the recipe shopping.yaml has errors; nothing was bought (see 'shop check shopping.yaml')\n"))
        #expect(try EditFileSnapshot(repository.folder.appendingPathComponent("other.yaml")) == before)
        let ours = try repository.text()
        let list = try repository.shop("buy", "--from", "other.yaml")
        #expect(list.status == 1, "\(list)")
        #expect(list.err.hasSuffix(UnmergedTests.refusal), "\(list.err)")
        #expect(try repository.text() == ours)
    }

    @Test func anItemOfTheCatalogIsMeasuredInTheCatalogsUnitAndSizeAndTheCatalogIsNotWritten() throws {
        let scratch = try Self.scratch("catalog: catalog.yaml\nitems:\n  - name: Flour\n    buy: true\n  - name: Milk\n    unit: l\n")
        try scratch.write(
            """
            currency: EUR
            items:
              - name: Flour
                price: 1.29
                unit: kg
              - name: Butter
                price: 2.49
                size: 250 g
              - name: Sugar
                unit: kg

            """, to: "catalog.yaml")
        let catalog = try EditFileSnapshot(scratch.url("catalog.yaml"))
        try scratch.write(
            "items:\n  - name: Flour\n    quantity: 500\n    unit: g\n  - name: butter\n    quantity: 300\n    unit: g\n  - name: Eggs\n    quantity: 3\n",
            to: "r.yaml")
        let run = try Self.buy(["buy", "--from", "r.yaml"], in: scratch, makes: """
                catalog: catalog.yaml
                items:
                  - name: Flour
                    quantity: 1.5
                    buy: true
                  - name: Milk
                    unit: l
                  - name: Butter
                    quantity: 2
                    buy: true
                  - name: Eggs
                    quantity: 3
                    buy: true

                """)
        #expect(run.err == "Flour: quantity 1 -> 1.5 kg\nButter: on the list, 2 (250 g)\nEggs: added to the list, 3\n")
        #expect(try EditFileSnapshot(scratch.url("catalog.yaml")) == catalog)
        // A catalog item's unit that does not convert is refused as a list item's is.
        try scratch.write("items:\n  - name: Sugar\n    quantity: 1\n    unit: l\n", to: "bad.yaml")
        let refused = try Self.refused(["buy", "--from", "bad.yaml"], in: scratch)
        #expect(refused.err.hasPrefix("shop: error: \"Sugar\": bad.yaml needs 1 l, which does not convert into the unit \"kg\""), "\(refused.err)")
        #expect(try EditFileSnapshot(scratch.url("catalog.yaml")) == catalog)
    }

    @Test func recipePathsAreRelativeToTheWorkingFolder() throws {
        let scratch = try Self.scratch("items:\n  - name: Flour\n    unit: kg\n")
        try FileManager.default.createDirectory(at: scratch.url("recipes"), withIntermediateDirectories: true)
        try scratch.write("items:\n  - name: Flour\n    quantity: 2\n    unit: kg\n", to: "recipes/bread.yaml")
        // From the recipes folder, the list is found above it and the recipe by its own name.
        let run = try EditCLI.run(["buy", "--from", "bread.yaml"], in: scratch.url("recipes"))
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.text("shopping.yaml") == "items:\n  - name: Flour\n    quantity: 2\n    unit: kg\n    buy: true\n")
    }

    @Test func namesAndFromDoNotMix() throws {
        let scratch = try Self.scratch("items:\n  - name: Flour\n")
        try scratch.write("items:\n  - name: Flour\n", to: "r.yaml")
        for arguments in [
            ["buy", "Flour", "--from", "r.yaml"], ["buy", "--from", "r.yaml", "--quantity", "2"], ["buy", "Flour", "--times", "2"],
            ["buy", "Flour", "--dry-run"], ["buy"], ["buy", "--from"],
        ] {
            let run = try Self.refused(arguments, in: scratch, status: 2)
            #expect(run.err.hasPrefix("shop: error: "), "\(run.err)")
        }
        let help = try scratch.run(["buy", "--help"])
        for option in ["--from <file>", "--times <n>", "--dry-run"] { #expect(help.out.contains(option), "\(help.out)") }
    }

    @Test func theHouseholdRecipesAreCleanAndCanonical() throws {
        for name in ["pancakes.yaml", "soup.yaml"] {
            let path = DocsPaths.file("examples/household/recipes/" + name).path
            let check = try DocsTools.shop(["check", "--strict", path])
            #expect(check.status == 0 && check.out == "no problems in 1 file\n", "\(name): \(check.out)")
            #expect(try DocsTools.shop(["fmt", "--check", path]).status == 0, "\(name)")
        }
        // Both, twice over, onto the bundled example: every unit converts.
        let scratch = try EditScratch()
        try Files.write(try DocsPaths.text("examples/groceries.yaml"), to: scratch.url("shopping.yaml"))
        let run = try scratch.run([
            "buy", "--dry-run", "--times", "2", "--from", DocsPaths.file("examples/household/recipes/pancakes.yaml").path,
            "--from", DocsPaths.file("examples/household/recipes/soup.yaml").path,
        ])
        #expect(run.status == 0, "\(run)")
        // The example's butter is in a unit written as a size, `unit: 250 g`: 100 g is one of it.
        #expect(run.out.contains("Butter: on the list, 1 x 250 g\n"), "\(run.out)")
    }
}
