import Testing

@testable import YAML

@Suite struct DocumentEditingTests {
    let source = """
        # list
        title: T
        items:
          # first
          - name: A # a
            price: 1.00

          - name: B
            buy: true
          # after B
        # end
        """

    func text(_ document: Document) -> String {
        String(decoding: document.formatted(), as: UTF8.self)
    }

    func item(_ document: Document, _ position: Int) -> Node {
        document.root!["items"]!.items[position]
    }

    @Test func settingAScalarKeepsItsComment() throws {
        let document = try Document(parsing: source)
        let name = item(document, 0)["name"]!
        let edited = document.settingScalar(name.id, to: "Apples")
        #expect(text(edited).contains("  - name: Apples # a\n"))
        #expect(text(document).contains("  - name: A # a\n"), "the original is unchanged")
    }

    @Test func appendingAnItemGoesAfterTheLastItemAndBeforeItsEndComments() throws {
        let document = try Document(parsing: source)
        let items = document.root!["items"]!
        let edited = document.insertingItem(
            .mapping([FragmentEntry("name", .text("C")), FragmentEntry("buy", .plain("true"))]),
            into: items.id, at: items.count)
        #expect(
            text(edited) == """
                # list
                title: T
                items:
                  # first
                  - name: A # a
                    price: 1.00

                  - name: B
                    buy: true
                  - name: C
                    buy: true
                  # after B
                # end

                """)
        let reparsed = try Document(parsing: edited.formatted())
        #expect(reparsed.root!["items"]!.count == 3)
    }

    @Test func insertingAnEntryInsideTheLastItem() throws {
        let document = try Document(parsing: source)
        let second = item(document, 1)
        let edited = document.insertingEntry(
            key: .plain("done"), value: .plain("true"), into: second.id, at: second.count)
        #expect(text(edited).contains("  - name: B\n    buy: true\n    done: true\n  # after B\n"))
        #expect(try Document(parsing: edited.formatted()).root!["items"]!.items[1].count == 3)
    }

    @Test func removingAnItemTakesItsCommentsAndKeepsTheBlankLine() throws {
        let document = try Document(parsing: source)
        let edited = document.removingItem(item(document, 0).id)
        #expect(
            text(edited) == """
                # list
                title: T
                items:
                  - name: B
                    buy: true
                  # after B
                # end

                """)
    }

    @Test func removingAnEntry() throws {
        let document = try Document(parsing: source)
        let second = item(document, 1)
        let buyKey = second.entries.first { $0.key.hasValue("buy") }!.key
        let edited = document.removingEntry(key: buyKey.id)
        #expect(text(edited).contains("  - name: B\n  # after B\n"))
        #expect(edited.root!["items"]!.items[1].count == 1)
    }

    @Test func removingTheMiddleItemMovesItsBlankLineToTheNext() throws {
        let document = try Document(parsing: "items:\n  - a\n\n  - b\n  - c\n")
        let edited = document.removingItem(document.root!["items"]!.items[1].id)
        #expect(text(edited) == "items:\n  - a\n\n  - c\n")
    }

    @Test func replacingAnEmptyValueWithASequence() throws {
        let document = try Document(parsing: "title: x\nitems:\nz: 1\n")
        let items = document.root!["items"]!
        var edited = document.replacing(items.id, with: .sequence([]))
        let sequence = edited.root!["items"]!
        edited = edited.insertingItem(.text("milk"), into: sequence.id, at: 0)
        #expect(text(edited) == "title: x\nitems:\n  - milk\nz: 1\n")
    }

    @Test func textFragmentsAreQuotedWhereNeeded() throws {
        let document = try Document(parsing: "items: []\n")
        let items = document.root!["items"]!
        let edited = document.insertingItem(
            .mapping([FragmentEntry("name", .text("yes")), FragmentEntry("price", .plain("3.50"))]),
            into: items.id, at: 0)
        #expect(text(edited) == "items:\n  - name: \"yes\"\n    price: 3.50\n")
    }
}
