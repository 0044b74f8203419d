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

/// Single changes, each a batch of one, for the tests: each returns a new document and leaves this
/// one as it was.
extension Document {
    /// The document with the subtree at `node` replaced by `fragment`. The comments of `node` itself
    /// stay; those inside the replaced subtree go.
    func replacing(_ node: NodeID, with fragment: Fragment) -> Document {
        var edit = DocumentEdit()
        edit.replace(node, with: fragment)
        return applying(edit)
    }

    /// The document without the entry whose key is `key` (the key and its value, with their comments).
    func removingEntry(key: NodeID) -> Document {
        var edit = DocumentEdit()
        edit.removeEntry(key: key, comments: .drop)
        return applying(edit)
    }

    /// The document without the sequence item `item` and its comments.
    func removingItem(_ item: NodeID) -> Document {
        var edit = DocumentEdit()
        edit.removeItem(item)
        return applying(edit)
    }

    /// The document with `fragment` added to `sequence` as item number `position` (its count to
    /// append).
    func insertingItem(_ fragment: Fragment, into sequence: NodeID, at position: Int) -> Document {
        var edit = DocumentEdit()
        edit.insertItem(Subtree(fragment), into: sequence, at: position)
        return applying(edit)
    }

    /// The document with a key/value pair added to `mapping` as entry number `position` (its count
    /// to append).
    func insertingEntry(key: Fragment, value: Fragment, into mapping: NodeID, at position: Int) -> Document {
        var edit = DocumentEdit()
        edit.insertEntry(key: key, value: Subtree(value), into: mapping, at: position)
        return applying(edit)
    }
}

extension DocumentEdit {
    /// Inserts the entry `key: value` into `mapping` as entry number `position` (its count to
    /// append).
    mutating func insertEntry(key: Fragment, value: Subtree, into mapping: NodeID, at position: Int) {
        var rows = Subtree(key).table
        rows.append(subtree: value.table)
        changes.append(.insert(container: mapping.index, before: nil, position: position, rows: Subtree(table: rows)))
    }
}
