import Testing

@testable import YAML

/// A node's length takes two bytes in the node table; nodes 64 KiB long or longer keep their end
/// apart. Their ranges, values and prints must be those of any other node, before and after edits
/// move their rows.
@Suite struct LongNodeTests {
    /// A list whose second item has a plain note and a literal note longer than 64 KiB.
    static func listWithLongNotes() -> (text: String, plain: String, literalLine: String) {
        let plain = String(repeating: "word ", count: 14_000) + "end"
        let literalLine = String(repeating: "x", count: 70_000)
        let text = """
            items:
              - name: Apples
              - name: Long
                notes: \(plain)
                more: |
                  \(literalLine)
              - name: Bread

            """
        return (text, plain, literalLine)
    }

    static func byteOffset(of needle: String, in text: String) -> Int? {
        let bytes = Array(text.utf8)
        let wanted = Array(needle.utf8)
        guard wanted.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
            if Array(bytes[start..<(start + wanted.count)]) == wanted { return start }
        }
        return nil
    }

    @Test func longScalarsKeepTheirRangesAndValues() throws {
        let (text, plain, literalLine) = Self.listWithLongNotes()
        let document = try Document(parsing: text)
        let long = try #require(document.root?["items"]?.items[1])
        let notes = try #require(long["notes"])
        let more = try #require(long["more"])
        #expect(notes.value == plain)
        #expect(more.value == literalLine + "\n")
        let start = try #require(Self.byteOffset(of: plain, in: text))
        document.withRawNodes { nodes in
            #expect(nodes.startOffset(notes.id.index) == start)
            #expect(nodes.endOffset(notes.id.index) == start + plain.utf8.count)
            #expect(Array(nodes.value(notes.id.index)) == Array(plain.utf8))
        }
        #expect(notes.range?.end.line == 4)
        #expect(notes.range?.end.column == plain.count + 12)
        // The root and the list of items are long too.
        let table = document.storage.table
        #expect(table.longEnds.map(\.node) == [0, 2, 6, 10, 12].map { UInt32($0) })
        // A block collection ends where its last content does, before the final line break.
        #expect(table.end(0) == text.utf8.count - 1)
        #expect(String(decoding: document.formatted(), as: UTF8.self) == text)
    }

    @Test func editsMoveLongEndsWithTheirRows() throws {
        let (text, plain, literalLine) = Self.listWithLongNotes()
        let document = try Document(parsing: text)
        let items = try #require(document.root?["items"])
        var edit = DocumentEdit()
        edit.removeItem(items.items[0].id)
        edit.insertItem(Subtree(.mapping([FragmentEntry("name", .text("Cake")), FragmentEntry("shop", .text("market"))])), into: items.id, at: 0)
        edit.insertItem(Subtree(.mapping([FragmentEntry("name", .text("Dates"))])), into: items.id, at: 1)
        let edited = document.applying(edit)
        let long = try #require(edited.root?["items"]?.items[2])
        #expect(long["notes"]?.value == plain)
        #expect(long["more"]?.value == literalLine + "\n")
        let start = try #require(Self.byteOffset(of: plain, in: text))
        edited.withRawNodes { nodes in
            let notes = long["notes"]?.id.index ?? -1
            #expect(nodes.endOffset(notes) == start + plain.utf8.count)
        }
        let ends = edited.storage.table.longEnds.map(\.node)
        #expect(ends == ends.sorted())
        let expected = text.replacingFirst("  - name: Apples\n", with: "  - name: Cake\n    shop: market\n  - name: Dates\n")
        #expect(String(decoding: edited.formatted(), as: UTF8.self) == expected)
    }

    @Test func anEndCanBecomeShortOrLongAgain() {
        var table = NodeTable()
        table.append(flags: NodeTable.scalarKind, start: 10, end: 20, aux: 0)
        table.append(flags: NodeTable.scalarKind, start: 100, end: 100 + 70_000, aux: 0)
        table.append(flags: NodeTable.scalarKind, start: NodeTable.synthetic, end: 5, aux: 0)
        #expect(table.end(0) == 20)
        #expect(table.end(1) == 70_100)
        #expect(table.lengths == [10, NodeTable.longLength, 0])
        table.setEnd(1_000_000, of: 0)
        table.setEnd(200, of: 1)
        #expect(table.longEnds.map(\.node) == [0])
        #expect(table.end(0) == 1_000_000)
        #expect(table.end(1) == 200)
        table.setEnd(1_000_001, of: 0)
        #expect(table.longEnds.count == 1)
        #expect(table.end(0) == 1_000_001)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
