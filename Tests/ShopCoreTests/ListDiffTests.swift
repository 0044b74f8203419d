import JSON
import ShopCore
import Testing
import YAML

/// `shop diff`'s comparison of two versions of a list, item by item.
@Suite("list diff")
struct ListDiffTests {
    static let base = """
        # Groceries
        title: Weekly
        currency: EUR
        categories:
          - Produce
          - Bakery
          - Dairy
        items:
          - name: Apples
            price: 3.49
            category: Produce
          - name: Bread
            price: 2.10
            category: Bakery
          - name: Oat milk
            price: 1.89
            category: Dairy
        """

    func list(_ text: String) throws -> ShoppingList {
        ShoppingList(document: try Document(parsing: text))
    }

    func diff(_ old: String, _ new: String, order: Bool = false) throws -> ListDiff {
        ListDiff(old: try list(old), new: try list(new), options: ListDiff.Options(order: order))
    }

    @Test("added, removed and changed items, one line each, and a summary")
    func itemLines() throws {
        let new = Self.base
            .replacingOccurrences(of: "  - name: Bread\n    price: 2.10\n    category: Bakery\n", with: "")
            .replacingOccurrences(of: "    price: 1.89\n", with: "    price: 1.99\n    buy: true\n")
            + "\n  - name: Tea\n    price: 4.5\n    quantity: 2\n    category: Drinks\n    buy: true\n"
            + "  - name: Flour\n    quantity: 1.5\n    unit: kg\n  - name: Rice\n    unit: kg\n"
        let result = try diff(Self.base, new)
        #expect(
            result.text() == """
                - Bread
                ~ Oat milk: price 1.89 -> 1.99, buy false -> true
                + Tea (price 4.50, quantity 2, category Drinks)
                + Flour (quantity 1.5 kg)
                + Rice (unit kg)
                3 added, 1 removed, 1 changed

                """)
        #expect(result.counts == ListDiff.Counts(added: 3, removed: 1, changed: 1, moved: 0))
    }

    @Test("formatting never counts: quotes, key order, indentation, numbers and flags written otherwise")
    func formattingDoesNotCount() throws {
        let other = """
            # Groceries
            title: "Weekly"
            currency: eur
            categories: [Produce, Bakery, 'Dairy']
            items:
            - {price: 3.490, name: Apples, category: Produce}
            - name: Bread
              category: Bakery
              price: "2.1"
            - name: Oat milk
              price: 1.89
              category: Dairy
            """
        let result = try diff(Self.base, other)
        #expect(result.isEmpty, "\(result.text())")
        #expect(result.text() == "no changes\n")
        let flags = try diff("items:\n  - name: A\n    buy: true\n", "items:\n  - name: A\n    buy: yes\n")
        #expect(flags.isEmpty)
        let changed = try diff("items:\n  - name: A\n    buy: true\n", "items:\n  - name: A\n    buy: no\n")
        #expect(changed.lines == ["~ A: buy true -> false"])
    }

    @Test("a default written or dropped is no change: quantity 1, buy and done false, a null value")
    func defaultsAreNoChange() throws {
        let written = "items:\n  - name: Tea\n    quantity: 1\n    buy: false\n  - name: Milk\n    done: no\n    price:\n"
        let dropped = "items:\n  - name: Tea\n  - name: Milk\n"
        for (old, new) in [(written, dropped), (dropped, written)] {
            let result = try diff(old, new)
            #expect(result.isEmpty, "\(result.text())")
        }
        // A comment that comes with the key is a change of comments, and a value other than the
        // default is a change of the value.
        let commented = try diff(dropped, "items:\n  - name: Tea\n    buy: false # not this week\n  - name: Milk\n")
        #expect(commented.lines == ["~ Tea: comments changed"], "\(commented.text())")
        let changed = try diff(dropped, "items:\n  - name: Tea\n    quantity: 1.5\n  - name: Milk\n")
        #expect(changed.lines == ["~ Tea: quantity 1 -> 1.5"])
    }

    @Test("a name or id written with other code points for the same characters is no rename")
    func sameCharactersOtherCodePoints() throws {
        let result = try diff(
            "items:\n  - name: Caf\u{E9}\n    price: 1.00\n  - name: Tea\n    id: k\u{E9}\n    price: 2.00\n",
            "items:\n  - name: Cafe\u{301}\n    price: 1.50\n  - name: Green tea\n    id: ke\u{301}\n    price: 2.00\n")
        #expect(result.lines.count == 2, "\(result.lines)")
        #expect(result.lines.first?.hasSuffix(": price 1.00 -> 1.50") == true, "\(result.lines)")
        // The same item by its id, renamed; the id's bytes changed, and the line says so.
        #expect(result.lines.last?.hasPrefix("~ Green tea: renamed from Tea,") == true, "\(result.lines)")
    }

    @Test("a rename is matched by id, or by all other keys being equal")
    func renames() throws {
        let byID = try diff(
            "items:\n  - name: Oat milk\n    id: a1\n    price: 1.89\n",
            "items:\n  - name: Oat drink\n    id: a1\n    price: 1.99\n")
        #expect(byID.lines == ["~ Oat drink: renamed from Oat milk, price 1.89 -> 1.99"])
        let byKeys = try diff(
            Self.base, Self.base.replacingOccurrences(of: "name: Bread", with: "name: Sourdough bread"))
        #expect(byKeys.lines == ["~ Sourdough bread: renamed from Bread"])
        #expect(byKeys.counts.changed == 1)
        // Another key changed too: not the same item.
        let different = try diff(
            Self.base,
            Self.base.replacingOccurrences(of: "name: Bread\n    price: 2.10", with: "name: Sourdough\n    price: 2.90"))
        #expect(different.lines == ["- Bread", "+ Sourdough (price 2.90, category Bakery)"])
    }

    @Test("a change of comments only is one line per item and counts")
    func commentsOnly() throws {
        let new = Self.base.replacingOccurrences(of: "    price: 2.10\n", with: "    price: 2.10 # day-old is fine\n")
        let result = try diff(Self.base, new)
        #expect(result.lines == ["~ Bread: comments changed"])
        #expect(result.counts.changed == 1)
        let header = try diff(Self.base, Self.base.replacingOccurrences(of: "# Groceries", with: "# Our groceries"))
        #expect(header.lines == ["~ file comments changed"])
    }

    @Test("changes at the top level: title, categories added and removed, other keys")
    func topLevel() throws {
        let new = Self.base
            .replacingOccurrences(of: "title: Weekly", with: "title: Party")
            .replacingOccurrences(of: "  - Bakery\n", with: "")
            .replacingOccurrences(of: "  - Dairy\n", with: "  - Dairy\n  - Frozen\n")
            .replacingOccurrences(of: "items:", with: "x-owner: Sam\nitems:")
        let result = try diff(Self.base, new)
        #expect(
            result.lines == [
                "~ title: Weekly -> Party", "~ categories: + Frozen, - Bakery", "~ x-owner: none -> Sam",
            ])
        #expect(result.counts.changed == 3)
    }

    @Test("moves are shown and count only when asked for")
    func moves() throws {
        let new = """
            # Groceries
            title: Weekly
            currency: EUR
            categories:
              - Produce
              - Dairy
              - Bakery
            items:
              - name: Oat milk
                price: 1.89
                category: Dairy
              - name: Apples
                price: 3.49
                category: Produce
              - name: Bread
                price: 2.20
                category: Bakery
            """
        let unordered = try diff(Self.base, new)
        #expect(unordered.lines == ["~ Bread: price 2.10 -> 2.20"])
        let ordered = try diff(Self.base, new, order: true)
        #expect(
            ordered.lines == [
                "~ categories: order changed", "~ Oat milk: moved to the top", "~ Bread: price 2.10 -> 2.20",
            ])
        #expect(ordered.summaryLine == "0 added, 0 removed, 2 changed, 1 moved")
    }

    @Test("values that would be unclear in a line are quoted")
    func quoting() throws {
        let result = try diff(
            "items:\n  - name: A\n    notes: one line\n", "items:\n  - name: A\n    notes: |\n      two\n      lines\n")
        #expect(result.lines == [#"~ A: notes one line -> "two\nlines\n""#])
        let extensions = try diff(
            "items:\n  - name: A\n    x-tags: [a, b]\n", "items:\n  - name: A\n    x-tags:\n      - a\n      - c\n")
        #expect(extensions.lines == ["~ A: x-tags [a, b] -> [a, c]"])
        let data = try diff("items:\n  - name: A\n    x-n: 5\n", "items:\n  - name: A\n    x-n: \"5\"\n")
        #expect(data.lines == [#"~ A: x-n 5 -> "5""#], "a number became a string: that is a change of data")
    }

    @Test("the JSON form names every change with its values")
    func json() throws {
        let new = Self.base
            .replacingOccurrences(of: "title: Weekly", with: "title: Party")
            .replacingOccurrences(of: "    price: 3.49\n", with: "    price: 3.29\n")
            .replacingOccurrences(of: "  - name: Bread\n    price: 2.10\n    category: Bakery\n", with: "")
        let value = try diff(Self.base, new).json()
        let expected: JSONValue = [
            "list": [["key": "title", "change": "value", "old": "Weekly", "new": "Party", "comments": false]],
            "items": [
                [
                    "change": "changed", "item": "Apples", "renamedFrom": nil,
                    "keys": [["key": "price", "old": "3.49", "new": "3.29"]], "comments": false, "movedAfter": nil,
                ],
                ["change": "removed", "item": "Bread"],
            ],
            "summary": ["added": 0, "removed": 1, "changed": 2, "moved": 0],
        ]
        #expect(value == expected, "\(JSONWriter.string(value))")
        let added = try diff("items: []\n", "items:\n  - name: Tea\n    price: 4\n    x-tags: [green]\n").json()
        #expect(
            added["items"]?[0] == ["change": "added", "item": "Tea", "values": ["price": "4.00", "x-tags": ["green"]]])
        // A number or flag of an extension key against the same text in quotes: unlike in JSON too.
        let quoted = try diff("items: []\nx-top: 1\nx-on: true\n", "items: []\nx-top: \"1\"\nx-on: \"true\"\n").json()
        #expect(
            quoted["list"]
                == [
                    ["key": "x-top", "change": "value", "old": 1, "new": "1", "comments": false],
                    ["key": "x-on", "change": "value", "old": true, "new": "true", "comments": false],
                ], "\(JSONWriter.string(quoted))")
    }
}
