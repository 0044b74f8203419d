import Foundation
import ShopCore
import Testing
import YAML
import TestSupport

/// Golden files for `check`: `Fixtures/check/NAME.yaml` with the expected findings in
/// `NAME.expected`, one per line as `LINE:COLUMN SEVERITY RULE MESSAGE`, in the order check reports
/// them (by position).
@Suite("check goldens")
struct CheckGoldenTests {
    static let names = fixtureNames("check")

    @Test("findings match the golden file", arguments: names)
    func golden(name: String) throws {
        let bytes = try readBytes(fixtureURL("check", "\(name).yaml"))
        let lines = checkDiagnostics(bytes).map(goldenLine)
        let text = lines.map { $0 + "\n" }.joined()
        expectGolden(Array(text.utf8), fixtureURL("check", "\(name).expected"))
    }

    /// `unmerged` reads git's state, not the file: its findings are tested on repositories
    /// (GitIndexTests, and end to end). `currency-mismatch` and `not-in-catalog` need a catalog
    /// beside the list: CatalogRuleTests and CatalogCheckTests report them.
    @Test(
        "every rule has a fixture named after it that reports it",
        arguments: RuleID.allCases.filter { ![.unmerged, .currencyMismatch, .notInCatalog].contains($0) })
    func fixturePerRule(rule: RuleID) throws {
        let url = fixtureURL("check", "\(rule.rawValue).yaml")
        let bytes = try readBytes(url)
        let diagnostics = checkDiagnostics(bytes)
        #expect(diagnostics.contains { $0.rule == rule }, "\(rule.rawValue).yaml does not report \(rule.rawValue)")
        for diagnostic in diagnostics where diagnostic.rule == rule {
            #expect(diagnostic.severity == rule.severity)
        }
    }

    @Test("rule ids and severities are the spec's")
    func ruleTable() {
        let table: [(String, Severity)] = [
            ("syntax", .error), ("merge-conflict", .error), ("unmerged", .error), ("structure", .error), ("duplicate-key", .error), ("missing-name", .error),
            ("duplicate-name", .error), ("duplicate-id", .error), ("bad-price", .error), ("bad-quantity", .error), ("bad-size", .warning),
            ("unknown-currency", .error), ("duplicate-category", .error), ("duplicate-store", .error), ("unknown-key", .warning),
            ("unknown-category", .warning), ("category-spelling", .warning), ("done-not-bought", .warning),
            ("catalog", .error), ("currency-mismatch", .error), ("not-in-catalog", .warning),
        ]
        #expect(RuleID.allCases.map(\.rawValue) == table.map(\.0))
        for (id, severity) in table {
            #expect(RuleID(rawValue: id)?.severity == severity, "\(id)")
        }
    }

    @Test("a clean file has no findings and a model with every value")
    func clean() throws {
        let bytes = try readBytes(fixtureURL("check", "clean.yaml"))
        let document = try Document(parsing: bytes)
        let list = ShoppingList(document: document)
        #expect(list.diagnostics.isEmpty)
        #expect(list.title == "Weekly groceries")
        #expect(list.currency?.code == "KWD")
        #expect(list.priceDecimals == 3)
        #expect(list.categories == ["Produce", "Bakery"])
        #expect(list.items.count == 5)
        let apples = list.items[0]
        #expect(apples.name == "Apples")
        #expect(apples.id == "1b2c")
        #expect(apples.price == DecimalNumber(units: 1234, scale: 3))
        #expect(apples.quantity == DecimalNumber(units: 5, scale: 1))
        #expect(apples.unit == "kg")
        #expect(apples.category == "Produce")
        #expect(apples.buy && apples.done)
        #expect(apples.notes == "Red ones.\n")
        #expect(apples.lineTotal == DecimalNumber(units: 617, scale: 3))
        #expect(list.items[1].name == "yes", "a name is read as text, not as a YAML 1.1 bool")
        #expect(list.items[1].price == DecimalNumber.zero)
        #expect(list.items[1].effectiveQuantity == DecimalNumber(1))
        #expect(list.items[2].name == "007")
        #expect(list.items[3].quantity == DecimalNumber(2), "a quoted decimal is a quantity")
        #expect(!list.items[3].buy && !list.items[3].done)
        #expect(list.items[4].name == "~tilde")
        #expect(!list.hasErrors && list.check([.structure]).isEmpty)
    }

    @Test("every problem is reported, not just the first")
    func allProblems() throws {
        let bytes = try readBytes(fixtureURL("check", "multiple-problems.yaml"))
        let rules = Set(checkDiagnostics(bytes).map(\.rule))
        #expect(rules == [
            .duplicateCategory, .unknownKey, .badPrice, .unknownCategory, .duplicateName, .badQuantity,
            .doneNotBought, .missingName, .duplicateKey, .structure,
        ])
    }

    @Test("findings are ordered by position")
    func ordered() throws {
        for name in Self.names {
            let diagnostics = checkDiagnostics(try readBytes(fixtureURL("check", "\(name).yaml")))
            let offsets = diagnostics.map(\.location.offset)
            #expect(offsets == offsets.sorted(), "\(name)")
            for diagnostic in diagnostics {
                #expect(!diagnostic.message.contains("\u{1}"), "\(name): unresolved line reference")
            }
        }
    }

    @Test("positions point where the spec says")
    func positions() throws {
        // Positions: a bad value points at the value; unknown-key and duplicate-key at the key;
        // duplicate-* at the later occurrence; missing-name at the item's first line;
        // done-not-bought at the done key; unknown-category at the category value.
        let source = """
            categories: [A]
            items:
              - name: One
                price: abc
                quantity: zero
                category: B
                done: true
                prize: 1
                prize: 2
              - name: one
                id: 7
              -   id: 7
                  price: 1
            """
        let found = checkDiagnostics(source).map { "\($0.location) \($0.rule.rawValue)" }
        #expect(found == [
            "4:12 bad-price", "5:15 bad-quantity", "6:15 unknown-category", "7:5 done-not-bought",
            "8:5 unknown-key", "9:5 duplicate-key", "10:11 duplicate-name", "12:7 missing-name",
            "12:11 duplicate-id",
        ])
    }

    /// Suggestions for unknown categories stop when their work runs out: a file with thousands of
    /// categories and unknown ones is checked in bounded time.
    @Test("the work suggestions may take is bounded")
    func suggestionBudget() throws {
        // 900 misspellings, each close to one of 300 categories: the work runs out after 667.
        var text = "categories: [" + (0..<300).map { "Aisle \($0)" }.joined(separator: ", ") + "]\nitems:\n"
        for index in 0..<900 {
            text += "  - {name: Item \(index), category: \(["Asle", "Aisl", "Aile"][index / 300]) \(index % 300)}\n"
        }
        let findings = try ShoppingList.read(Array(text.utf8)).get().check()
        #expect(findings.count == 900)
        #expect(findings.filter { !$0.fixes.isEmpty }.count == 667)
    }
}
