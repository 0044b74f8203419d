@testable import ShopCore
import Testing
import YAML

/// Imports applied to a list: what each format changes for known and new items, merged lines,
/// and the refusals that leave the list as it was.
@Suite struct ImportApplyTests {
    static let list = """
        # Groceries
        currency: EUR
        categories:
          - Produce
          - Dairy
        items:
          # fruit first
          - name: Apples
            price: 3.49
            quantity: 6
            unit: pcs
            category: Produce
            buy: true # for the cake
          - name: Oat milk
            price: 1.89
            category: Dairy
            buy: true
            done: true
          - name: Butter
            price: 2.29
            category: Dairy
          - name: Bread

        """

    /// The list after importing `input` as `format`, as the editing commands write it.
    static func imported(_ input: String, _ format: ImportFormat, into list: String = list) throws -> String {
        var editor = try EditTesting.editor(list)
        let known = Set(editor.list.items.compactMap { $0.name.map(NameKey.init) })
        let entries = try ImportEntries.read(Array(input.utf8), format: format, knownNames: known)
        try editor.importEntries(entries)
        return EditTesting.outputText(of: editor)
    }

    /// The problems of an import that must be refused; the editor must have nothing planned.
    static func problems(_ input: String, _ format: ImportFormat, into list: String = list) throws -> [ImportProblem] {
        var editor = try EditTesting.editor(list)
        let known = Set(editor.list.items.compactMap { $0.name.map(NameKey.init) })
        do throws(ImportRefusal) {
            let entries: ImportEntries
            do throws(ImportProblem) {
                entries = try ImportEntries.read(Array(input.utf8), format: format, knownNames: known)
            } catch {
                throw ImportRefusal([error])
            }
            try editor.importEntries(entries)
        } catch {
            #expect(!editor.changed)
            return error.problems
        }
        Issue.record("the import was not refused")
        return []
    }

    /// The lines of `after` that are not in `before`, and those of `before` that are gone, each
    /// sorted.
    static func changedLines(_ after: String, from before: String = list) -> (added: [String], removed: [String]) {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let diff = new.difference(from: old)
        var added: [String] = []
        var removed: [String] = []
        for change in diff {
            switch change {
            case .insert(_, let line, _): added.append(line)
            case .remove(_, let line, _): removed.append(line)
            }
        }
        return (added.sorted(), removed.sorted())
    }

    // MARK: Markdown

    @Test func aTickedKnownItemIsCheckedOffAndAnUntickedOneUnchecked() throws {
        let output = try Self.imported("- [x] Apples — 6 pcs — 20.94\n- [ ] Oat milk — 1.89\n", .markdown)
        let lines = Self.changedLines(output)
        #expect(lines.added == ["    done: true"])
        #expect(lines.removed == ["    done: true"])
        // Apples' comments stay; Oat milk lost its done, and Apples gained one.
        #expect(output.contains("  # fruit first\n  - name: Apples\n"))
        #expect(output.contains("    buy: true # for the cake\n    done: true\n"))
        #expect(output.contains("  - name: Oat milk\n    price: 1.89\n    category: Dairy\n    buy: true\n  - name: Butter"))
    }

    @Test func aKnownItemOffTheListGoesOnIt() throws {
        let output = try Self.imported("- [ ] butter\n- [x] BREAD\n", .markdown)
        #expect(output.contains("  - name: Butter\n    price: 2.29\n    category: Dairy\n    buy: true\n"))
        #expect(output.hasSuffix("  - name: Bread\n    buy: true\n    done: true\n"))
    }

    @Test func aChecklistsQuantityThatDiffersSetsAKnownItemsAndItsTotalIsNotRead() throws {
        // The quantity on the line sets the item's; the total is the export's, maybe stale.
        let output = try Self.imported("- [ ] Apples — 12 pcs — 41.00\n", .markdown)
        #expect(output == Self.list.replacingOccurrences(of: "    quantity: 6\n", with: "    quantity: 12\n"))
        #expect(try Self.imported("- [ ] Apples — 6 pcs — 1.00\n", .markdown) == Self.list)
    }

    @Test func anUnknownLineIsAddedUnderItsHeadingsCategory() throws {
        let input = """
            # Groceries

            ## dairy

            - [x] 2 l buttermilk @ 1.29
              > the small bottles

            ## Bakery

            - [ ] Rolls — ×6

            ## Other

            - [ ] Candles

            **Total: 3.00 EUR**

            """
        let output = try Self.imported(input, .markdown)
        // After the last dairy item, spelled as categories spells it; ticked, so done.
        #expect(
            output.contains(
                """
                  - name: Butter
                    price: 2.29
                    category: Dairy
                  - name: buttermilk
                    price: 1.29
                    quantity: 2
                    unit: l
                    category: Dairy
                    buy: true
                    done: true
                    notes: the small bottles
                  - name: Bread
                """))
        // A category the list does not have, at the end; no category under Other.
        #expect(
            output.hasSuffix(
                """
                  - name: Rolls
                    quantity: 6
                    category: Bakery
                    buy: true
                  - name: Candles
                    buy: true

                """))
    }

    @Test func aLineThatIsNotATaskItemIsSkippedAndCounted() throws {
        let output = try Self.imported("- [x] Apples\nremember the coupons\n- [ ] Pears\n", .markdown)
        #expect(output.contains("  - name: Pears\n    buy: true\n"), "\(output)")
        #expect(!output.contains("coupons"))
        let read = try ImportEntries.read(Array("- [x] Apples\nremember the coupons\n- Pears\n".utf8), format: .markdown, knownNames: [])
        #expect(read.entries.map(\.name) == ["Apples"])
        #expect(read.skippedLines == 2)
    }

    // MARK: CSV

    @Test func knownItemsTakeTheColumnsValuesAndEmptyCellsKeepTheirs() throws {
        let output = try Self.imported("Name;Qty;Price;Unit\nApples;3;2,99;\nButter;;1,99;pack\n", .csv)
        let lines = Self.changedLines(output)
        #expect(lines.removed == ["    price: 2.29", "    price: 3.49", "    quantity: 6"])
        #expect(lines.added == ["    buy: true", "    price: 1.99", "    price: 2.99", "    quantity: 3", "    unit: pack"])
    }

    @Test func aFalseBuyColumnTakesAnItemOffTheListAndOutOfTheBasket() throws {
        let output = try Self.imported("name,buy\nOat milk,false\nApples,no\n", .csv)
        let lines = Self.changedLines(output)
        // The end-of-line comment of a key that goes moves to the item's first line.
        #expect(lines.added == ["  - name: Apples # for the cake"])
        #expect(lines.removed == ["    buy: true", "    buy: true # for the cake", "    done: true", "  - name: Apples"])
    }

    @Test func aFalseDoneColumnUnchecksAndATrueOneChecksOff() throws {
        let output = try Self.imported("name,done\nOat milk,false\nApples,x\n", .csv)
        #expect(output.contains("    buy: true # for the cake\n    done: true\n"))
        #expect(output.contains("  - name: Oat milk\n    price: 1.89\n    category: Dairy\n    buy: true\n  - name: Butter"))
    }

    @Test func newRowsAreAddedOnTheListUnlessBuySaysFalse() throws {
        let input = "name,price,category,buy,notes,id\nCream,0.99,DAIRY,,\"two\nlines\",c-1\nSalt,0.5,,false,,\n"
        let output = try Self.imported(input, .csv)
        #expect(
            output.contains(
                """
                  - name: Cream
                    id: c-1
                    price: 0.99
                    category: Dairy
                    buy: true
                    notes: |-
                      two
                      lines
                  - name: Bread
                  - name: Salt
                    price: 0.50

                """))
    }

    @Test func aCSVWithoutANameColumnIsRefused() throws {
        let problems = try Self.problems("item,qty\nApples,2\n", .csv)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("no name column") == true)
    }

    // MARK: Text lines

    @Test func aTextLineSetsTheQuantityUnitAndPrice() throws {
        let output = try Self.imported("apples 4 @ 3.29\n- butter\n", .text)
        let lines = Self.changedLines(output)
        #expect(lines.removed == ["    price: 3.49", "    quantity: 6"])
        #expect(lines.added == ["    buy: true", "    price: 3.29", "    quantity: 4"])
    }

    @Test func linesForOneItemAreMergedAndTheirQuantitiesAdded() throws {
        let output = try Self.imported("2 kg flour\nmilk\nFlour 0.5 KG\n1.5 kg flour\n", .text)
        #expect(output.contains("  - name: flour\n    quantity: 4\n    unit: kg\n    buy: true\n  - name: milk\n    buy: true\n"))
    }

    @Test func linesForOneItemInOtherUnitsAreRefused() throws {
        let problems = try Self.problems("2 kg flour\nrice\n500 g flour\n", .text)
        #expect(
            problems == [
                ImportProblem(
                    line: 3,
                    message:
                        "\"flour\" is counted in \"g\" here but in \"kg\" on line 1; quantities of one item add up only in one unit"
                )
            ])
    }

    @Test func aTickedTextLineChecksTheItemOff() throws {
        let output = try Self.imported("[x] Bread\n[ ] oat milk\n", .text)
        #expect(output.hasSuffix("  - name: Bread\n    buy: true\n    done: true\n"))
        #expect(!output.contains("done: true\n  - name: Butter"))
    }

    @Test func pricesMustFitTheListsCurrency() throws {
        let problems = try Self.problems("Apples @ 3.4999\nmilk\nButter @ $2\nPears @ 2 EUR\nPlums @ 1.999\n", .text)
        #expect(
            problems == [
                ImportProblem(line: 1, message: try #require(Self.problemMessage("price", "3.4999", decimals: 2))),
                ImportProblem(line: 3, message: "the price is in $ but the list's currency is EUR"),
                ImportProblem(line: 5, message: "price \"1.999\" could mean 1999 or 1.999; write one of those"),
            ])
    }

    @Test func aCurrencysOwnSymbolIsItsOwn() throws {
        for (currency, line) in [("JPY", "rice @ 300円"), ("JPY", "rice @ ¥300"), ("CNY", "rice @ 30元"), ("USD", "rice @ US$2")] {
            let output = try Self.imported(line + "\n", .text, into: "currency: \(currency)\nitems: []\n")
            #expect(output.contains("  - name: rice\n    price: "), "\(line): \(output)")
        }
        let foreign = try Self.problems("rice @ 300円\n", .text, into: "currency: CNY\nitems: []\n")
        #expect(foreign == [ImportProblem(line: 1, message: "the price is in 円 but the list's currency is CNY")])
    }

    /// `1.500` in a currency with cents could be 1500 with a thousands separator: it is refused,
    /// in every format; where prices have three decimals it is 1.5.
    @Test func threeDecimalsOfZerosAreNotGuessed() throws {
        let text = try Self.problems("TV @ 1.500\nPen @ 0.500\nCup @ 1.5\n", .text)
        #expect(text == [ImportProblem(line: 1, message: "price \"1.500\" could mean 1500 or 1.5; write one of those")])
        let csv = try Self.problems("name,price\nTV,2.000\n", .csv)
        #expect(csv == [ImportProblem(line: 2, message: "price \"2.000\" could mean 2000 or 2; write one of those")])
        let yen = try Self.problems("TV @ 1.500\n", .text, into: "currency: JPY\nitems: []\n")
        #expect(yen == [ImportProblem(line: 1, message: "price \"1.500\" could mean 1500 or 1.5; write one of those")])
        let dinar = try Self.imported("TV @ 1.500\n", .text, into: "currency: KWD\nitems: []\n")
        #expect(dinar.contains("  - name: TV\n    price: 1.500\n"), "\(dinar)")
    }

    /// A unit without a quantity for an item that has one would keep the number in the new unit.
    @Test func aNewUnitNeedsItsQuantity() throws {
        let list = "currency: EUR\nitems:\n  - name: Flour\n    quantity: 500\n    unit: g\n  - name: Rice\n"
        let problems = try Self.problems("flour @ 1.99/kg\n", .text, into: list)
        #expect(problems == [ImportProblem(line: 1, message: "\"Flour\" is 500 g; give its quantity in kg too")])
        let csv = try Self.problems("name,unit\nFlour,kg\n", .csv, into: list)
        #expect(csv.count == 1, "\(csv)")
        let given = try Self.imported("flour 2 kg @ 1.99/kg\nrice @ 2/kg\n", .text, into: list)
        #expect(given.contains("  - name: Flour\n    price: 1.99\n    quantity: 2\n    unit: kg\n"), "\(given)")
        #expect(given.contains("  - name: Rice\n    price: 2.00\n    unit: kg\n"), "\(given)")
    }

    /// A list without a currency takes prices marked with one currency, but not with two that
    /// cannot be one, nor a JSON export's currency without being given it.
    @Test func aListWithoutACurrencyTakesNoMix() throws {
        let mixed = try Self.problems("wine @ $12\nsake @ ¥3000\n", .text, into: "items: []\n")
        #expect(mixed == [ImportProblem(line: 2, message: "the price is in ¥ but another is in $, and the list has no currency to tell; add one to it first")])
        let one = try Self.imported("wine @ $12\nbeer @ US$3\ntea @ 2\n", .text, into: "items: []\n")
        #expect(one.contains("  - name: beer\n    price: 3.00\n"), "\(one)")
        let sheet = try Self.problems("name,Price (EUR)\nMilk,1.99\n", .csv, into: "items: []\n")
        #expect(sheet == [ImportProblem(line: 1, message: "the prices are in EUR but the list has no currency; add \"currency: EUR\" to it first")])
        let json = try Self.problems("{\"currency\": \"JPY\", \"items\": [{\"name\": \"Sake\", \"price\": \"3000\"}]}", .json, into: "items: []\n")
        #expect(json == [ImportProblem(line: 1, message: "the prices are in JPY but the list has no currency; add \"currency: JPY\" to it first")])
    }

    /// A price typed into a checklist carries its currency as a text line's does.
    @Test func aChecklistPriceKeepsItsCurrency() throws {
        let problems = try Self.problems("- [ ] Sake @ ¥3000\n- [ ] Tea @ €2\n", .markdown)
        #expect(problems == [ImportProblem(line: 1, message: "the price is in ¥ but the list's currency is EUR")])
    }

    /// A known item's checklist line with a price typed by hand sets the price; its quantity
    /// sets the quantity; its heading is not read as a category.
    @Test func aPriceTypedIntoAChecklistChangesAKnownItem() throws {
        let list = "currency: EUR\nitems:\n  - name: Milk\n    price: 1.00\n    category: Dairy\n  - name: Tea\n    quantity: 3\n"
        let output = try Self.imported("## Other\n\n- [x] Milk @ 2.50\n- [ ] Tea — ×2\n", .markdown, into: list)
        #expect(output.contains("  - name: Milk\n    price: 2.50\n    category: Dairy\n    buy: true\n    done: true\n"), "\(output)")
        #expect(output.contains("  - name: Tea\n    quantity: 2\n    buy: true\n"), "\(output)")
    }

    @Test func centsAreHundredthsOfTheListsCurrency() throws {
        for list in ["currency: USD\nitems: []\n", "items: []\n"] {
            let output = try Self.imported("gum 99¢\n", .text, into: list)
            #expect(output.contains("  - name: gum\n    price: 0.99\n"), "\(output)")
        }
        let yen = try Self.problems("gum 99¢\n", .text, into: "currency: JPY\nitems: []\n")
        #expect(yen.count == 1 && yen[0].message.contains("JPY allows no decimals"), "\(yen)")
    }

    static func problemMessage(_ key: String, _ text: String, decimals: Int) -> String? {
        guard case .failure(let problem) = ValueReading.price(text, decimals: decimals, currencyCode: "EUR") else { return nil }
        return problem.message
    }

    // MARK: JSON

    @Test func jsonItemsAreReadLikeCSVRows() throws {
        let input = """
            {
              "title": "x",
              "currency": "EUR",
              "items": [
                {"name": "apples", "quantity": 2, "price": "3.49", "total": "6.98"},
                {"name": "Cream", "price": 0.99, "category": "dairy", "buy": true, "done": null, "notes": null}
              ]
            }
            """
        let output = try Self.imported(input, .json)
        let lines = Self.changedLines(output)
        #expect(lines.removed == ["    quantity: 6"])
        #expect(lines.added == ["    buy: true", "    category: Dairy", "    price: 0.99", "    quantity: 2", "  - name: Cream"])
    }

    @Test func jsonProblemsAreReportedOnTheItemsLine() throws {
        let input = """
            {"currency": "JPY",
             "items": [
              {"name": "a"},
              {"name": "b", "quantity": [1]},
              "c",
              {"price": "1"}
            ]}
            """
        let problems = try Self.problems(input, .json)
        #expect(
            problems == [
                ImportProblem(line: 1, message: "the prices are in JPY but the list's currency is EUR"),
                ImportProblem(line: 4, message: "quantity is an array, not a number"),
                ImportProblem(line: 5, message: "the item is a string, not an object"),
                ImportProblem(line: 6, message: "the item has no name"),
            ])
    }

    @Test func textThatIsNotJSONIsRefusedWithItsLine() throws {
        let problems = try Self.problems("{\"items\": [\n  {\"name\": \"a\",}\n]}\n", .json)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
        #expect(problems.first?.message.hasPrefix("the text is not JSON: ") == true)
    }

    // MARK: What the list cannot take

    @Test func aNameTheListHasTwiceIsRefused() throws {
        let list = "items:\n  - name: Tea\n  - name: tea\n"
        let problems = try Self.problems("Tea\n", .text, into: list)
        #expect(problems == [ImportProblem(line: 1, message: "\"Tea\" names 2 items of the list (lines 2, 3); rename one of them first")])
    }

    @Test func anItemWithAKeyTwiceIsRefused() throws {
        let list = "items:\n  - name: Tea\n    price: 1\n    price: 2\n"
        let problems = try Self.problems("- [x] Tea\n", .markdown, into: list)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("has the key \"price\" twice (lines 3 and 4)") == true)
    }

    @Test func anIdOfAnotherItemIsRefused() throws {
        let list = "items:\n  - name: Tea\n    id: t\n  - name: Milk\n"
        let problems = try Self.problems("name,id\nMilk,t\nTea,t\nSugar,s\nSalt,s\n", .csv, into: list)
        #expect(
            problems == [
                ImportProblem(line: 2, message: "the id \"t\" is the id of \"Tea\" (line 2)"),
                ImportProblem(line: 5, message: "the id \"s\" is given on line 4 too"),
            ])
    }

    @Test func everyProblemIsReportedAndNothingPlanned() throws {
        let problems = try Self.problems("2 kg flour\n2-3 apples\nmilk @\n", .text)
        #expect(problems.map(\.line) == [2, 3])
    }

    @Test func aListImportedFromItsOwnExportIsUnchanged() throws {
        let list = try ExportFixtures.parse(Self.list)
        for format in [ExportFormat.markdown, .csv, .json] {
            let exported = format.export(list, options: ExportOptions())
            let output = try Self.imported(String(decoding: exported, as: UTF8.self), ImportFormat(rawValue: format.rawValue)!)
            #expect(output == Self.list, "\(format)")
        }
    }
}
