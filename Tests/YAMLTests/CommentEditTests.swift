import Testing

@testable import YAML

/// Edits that choose a node's comments, and entries carried between documents with the comments
/// written above their keys.
@Suite struct CommentEditTests {
    func text(_ document: Document) -> String {
        String(decoding: document.formatted(), as: UTF8.self)
    }

    static let list = """
        # top
        items:
          # fruit first
          - name: Apples # crisp
            # what it costs
            price: 3.49 # at the market
            x-origin:
              country: Italy # or Spain
        """

    func apples(_ document: Document) -> Node {
        document.root!["items"]!.items[0]
    }

    @Test("set comments replace every comment of their node and none of the nodes under it")
    func setCommentsReplacesOneNode() throws {
        let document = try Document(parsing: Self.list)
        let item = apples(document)
        var edit = DocumentEdit()
        let priceKey = item.entries[1].key
        let priceValue = item.entries[1].value
        edit.setComments(of: priceKey.id, to: Trivia(leading: [Comment(text: "# new above")]))
        edit.setComments(of: priceValue.id, to: Trivia())
        edit.setComments(of: item.id, to: Trivia(leading: [Comment(text: "# one", hasBlankLineBefore: false), Comment(text: "# two")]))
        edit.setComments(of: item.entries[2].value.id, to: Trivia(end: [Comment(text: "# after the origin")]))
        #expect(
            text(document.applying(edit)) == """
                # top
                items:
                  # one
                  # two
                  - name: Apples # crisp
                    # new above
                    price: 3.49
                    x-origin:
                      country: Italy # or Spain
                      # after the origin

                """)
    }

    @Test("set comments win over those a replacing subtree brings and those the replaced node had")
    func setCommentsOnReplacedNode() throws {
        let document = try Document(parsing: Self.list)
        let other = try Document(parsing: "price: 3.99 # theirs\n")
        let item = apples(document)
        let value = item.entries[1].value
        let replacement = other.subtree(at: other.root!["price"]!.id)
        var plain = DocumentEdit()
        plain.replace(value.id, with: replacement)
        let both = text(document.applying(plain))
        #expect(both.contains("# at the market") && both.contains("# theirs"), "\(both)")
        var edit = DocumentEdit()
        edit.replace(value.id, with: replacement)
        edit.setComments(of: value.id, to: Trivia(trailing: Comment(text: "# theirs")))
        let result = text(document.applying(edit))
        #expect(result.contains("    price: 3.99 # theirs\n"), "\(result)")
        #expect(!result.contains("# at the market"), "\(result)")
        #expect(result.contains("# what it costs"), "\(result)")
    }

    @Test("an entry inserted with a key copied from another document keeps the comments above the key")
    func insertEntryWithKeySubtree() throws {
        let document = try Document(parsing: Self.list)
        let other = try Document(parsing: "name: Pears\n# how many\nquantity: 2 # a pair\n")
        let entry = other.root!.entries[1]
        var edit = DocumentEdit()
        let item = apples(document)
        edit.insertEntry(
            key: other.subtree(at: entry.key.id), value: other.subtree(at: entry.value.id), into: item.id,
            before: item.entries[2].key.id)
        #expect(
            text(document.applying(edit)) == """
                # top
                items:
                  # fruit first
                  - name: Apples # crisp
                    # what it costs
                    price: 3.49 # at the market
                    # how many
                    quantity: 2 # a pair
                    x-origin:
                      country: Italy # or Spain

                """)
    }

    @Test("the comments at the top of a document are those of its root")
    func setCommentsOfRoot() throws {
        let document = try Document(parsing: Self.list)
        var edit = DocumentEdit()
        edit.setComments(of: document.root!.id, to: Trivia(leading: [Comment(text: "# merged"), Comment(text: "# header", hasBlankLineBefore: true)]))
        let result = text(document.applying(edit))
        #expect(result.hasPrefix("# merged\n\n# header\nitems:\n"), "\(result)")
    }
}
