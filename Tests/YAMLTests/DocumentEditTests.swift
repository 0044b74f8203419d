import Testing

@testable import YAML

/// Batches of changes applied in one pass, and nodes carried from one document into another with
/// their comments.
@Suite struct DocumentEditTests {
    func text(_ document: Document) -> String {
        String(decoding: document.formatted(), as: UTF8.self)
    }

    func items(_ document: Document) -> [Node] {
        document.root?["items"]?.items ?? []
    }

    static let catalog = """
        items:
          # fruit first
          - name: Apples # crisp
            price: 3.49
            x-origin:
              country: Italy # or Spain
            notes: |
              Ripe ones.
              Not green.
          - name: Bread
        """

    @Test("an item copied into another document keeps its comments, values and styles")
    func subtreeCarriesComments() throws {
        let source = try Document(parsing: Self.catalog)
        let apples = source.subtree(at: items(source)[0].id)
        let target = try Document(parsing: "title: Party\nitems:\n  - name: Cake # chocolate\n")
        var edit = DocumentEdit()
        edit.insertItem(apples, into: target.root!["items"]!.id)
        let merged = target.applying(edit)
        #expect(
            text(merged) == """
                title: Party
                items:
                  - name: Cake # chocolate
                  # fruit first
                  - name: Apples # crisp
                    price: 3.49
                    x-origin:
                      country: Italy # or Spain
                    notes: |
                      Ripe ones.
                      Not green.

                """)
        // What was copied reads back as the original reads.
        let reread = try Document(parsing: merged.formatted())
        #expect(reread.allComments.map(\.text) == ["# chocolate", "# fruit first", "# crisp", "# or Spain"])
        #expect(items(reread)[1]["notes"]?.value == "Ripe ones.\nNot green.\n")
        // The source is as it was.
        #expect(text(source) == Self.catalog + "\n")
    }

    @Test("a subtree needs nothing of its document: the document it came from can go")
    func subtreeOwnsItsText() throws {
        var subtree: Subtree?
        do {
            let source = try Document(parsing: Self.catalog)
            subtree = source.subtree(at: items(source)[0].id)
        }
        let target = try Document(parsing: "items: []\n")
        var edit = DocumentEdit()
        edit.replace(target.root!["items"]!.id, with: .sequence([]))
        let emptied = target.applying(edit)
        var insert = DocumentEdit()
        insert.insertItem(try #require(subtree), into: emptied.root!["items"]!.id)
        #expect(text(emptied.applying(insert)).contains("  - name: Apples # crisp\n"))
    }

    @Test("changes of one batch see the document as it was; insertions at one place keep their order")
    func batch() throws {
        let document = try Document(parsing: "items:\n  - name: A\n    buy: true\n  - name: B\n  - name: C\n")
        let list = items(document)
        var edit = DocumentEdit()
        edit.removeItem(list[1].id)
        edit.replace(list[0]["name"]!.id, with: .text("Apples"))
        edit.insertEntry(key: .plain("done"), value: Subtree(.plain("true")), into: list[0].id)
        edit.insertItem(Subtree(.mapping([FragmentEntry("name", .text("D"))])), into: document.root!["items"]!.id)
        edit.insertItem(Subtree(.mapping([FragmentEntry("name", .text("E"))])), into: document.root!["items"]!.id)
        edit.insertItem(
            Subtree(.mapping([FragmentEntry("name", .text("Z"))])), into: document.root!["items"]!.id, before: list[0].id)
        #expect(
            text(document.applying(edit))
                == "items:\n  - name: Z\n  - name: Apples\n    buy: true\n    done: true\n  - name: C\n  - name: D\n  - name: E\n")
    }

    @Test(
        "removing every item of a block sequence leaves the comments after the last one after its [] line",
        arguments: [
            // The comment lines after the last item, then a key after the list, then the list last.
            (
                "title: T\nitems:\n  - name: A\n  # after A\n\n  # more\n# file end\n",
                "title: T\nitems: []\n# after A\n\n# more\n# file end\n"
            ),
            (
                "items: # head\n  - name: A\n  # after A\nother: 1\n",
                "items: [] # head\n# after A\nother: 1\n"
            ),
            ("items:\n  - - x\n    # after x\n  - y\n", "items:\n  - []\n  # after x\n  - y\n"),
        ])
    func emptiedSequenceKeepsItsEndComments(source: String, expected: String) throws {
        let document = try Document(parsing: source)
        var edit = DocumentEdit()
        let sequence = document.root!["items"]!
        // The inner sequence when the first item is one, else the list.
        let emptied = sequence.items[0].items.isEmpty ? sequence : sequence.items[0]
        for item in emptied.items { edit.removeItem(item.id) }
        let printed = text(document.applying(edit))
        #expect(printed == expected)
        // Read back, the comments stay where they are: the text is already canonical.
        #expect(text(try Document(parsing: printed)) == printed)
    }

    @Test("an empty flow sequence's comments inside its brackets still go before its line")
    func flowSequenceCommentsInsideBrackets() throws {
        let document = try Document(parsing: "items: [ # a\n  # b\n]\nother: 1\n")
        #expect(text(document) == "# a\n# b\nitems: []\nother: 1\n")
    }

    @Test("a blank line before a node is set or cleared where the batch leaves the node, last")
    func blankLineBefore() throws {
        let document = try Document(parsing: "title: T\nitems:\n  - name: A\n\n  - name: B\n  - name: C\n")
        let list = items(document)
        var edit = DocumentEdit()
        edit.setBlankLineBefore(document.root!.entries[1].key.id, true)
        edit.setBlankLineBefore(list[1].id, false)
        edit.setBlankLineBefore(list[2].id, true)
        // A replaced item takes the line set on it.
        edit.replace(list[2]["name"]!.id, with: .text("Z"))
        #expect(text(document.applying(edit)) == "title: T\n\nitems:\n  - name: A\n  - name: B\n\n  - name: Z\n")
    }

    @Test("a removed key's comments stay: own-line ones where it was, its end-of-line one on the first line")
    func removedKeyKeepsComments() throws {
        let document = try Document(parsing: "- name: A\n  # above buy\n  buy: true # need it\n  done: true\n")
        let item = document.root!.items[0]
        let keys = item.entries.map(\.key)
        var edit = DocumentEdit()
        edit.removeEntry(key: keys[1].id, comments: .keep(firstLine: item["name"]!.id))
        #expect(text(document.applying(edit)) == "- name: A # need it\n  # above buy\n  done: true\n")
        // When the first line has a comment, the moved one gets a line of its own where the key was.
        let commented = try Document(parsing: "- name: A # first\n  buy: true # need it\n")
        let other = commented.root!.items[0]
        var second = DocumentEdit()
        second.removeEntry(key: other.entries[1].key.id, comments: .keep(firstLine: other["name"]!.id))
        #expect(text(commented.applying(second)) == "- name: A # first\n  # need it\n")
        // Dropped, they go with the key.
        var dropped = DocumentEdit()
        dropped.removeEntry(key: keys[1].id, comments: .drop)
        #expect(text(document.applying(dropped)) == "- name: A\n  done: true\n")
    }

    @Test("removing two neighbouring keys in one batch moves both their comments")
    func neighbouringRemovals() throws {
        let document = try Document(parsing: "- name: A\n  buy: true # one\n  # two\n  done: true # three\n  x: 1\n")
        let item = document.root!.items[0]
        let keys = item.entries.map(\.key)
        var edit = DocumentEdit()
        edit.removeEntry(key: keys[1].id, comments: .keep(firstLine: item["name"]!.id))
        edit.removeEntry(key: keys[2].id, comments: .keep(firstLine: item["name"]!.id))
        #expect(text(document.applying(edit)) == "- name: A # one\n  # two\n  # three\n  x: 1\n")
    }
}
