import Testing
import TestSupport

@testable import YAML

/// The document and node API: lookups, values, positions and comments as read.
@Suite struct ReaderTests {
    static let source = """
        # top
        name: Oat milk # eol
        price: '1.89'
        tags: [a, b]
        none: ~
        empty:
        Null: NULL
        name: again
        """

    @Test func lookupsAndValues() throws {
        let root = try parse(Self.source).root!
        #expect(root.isMapping && root.kind == .mapping && root.collectionStyle == .block)
        #expect(root.count == 7)
        #expect(root.entries.count == 7 && root.children.count == 14)
        // The first of repeated keys wins a lookup; both stay visible as entries.
        #expect(root["name"]?.value == "Oat milk")
        #expect(root.entries.filter { $0.key.hasValue("name") }.map { $0.value.value } == ["Oat milk", "again"])
        #expect(root["missing"] == nil)
        let price = root["price"]!
        #expect(price.value == "1.89" && price.scalarStyle == .singleQuoted && !price.isNull)
        #expect(price.hasValue("1.89") && !price.hasValue("1.8") && !price.hasValue("1.890"))
        #expect(price.valueByteCount == 4)
        let tags = root["tags"]!
        #expect(tags.isSequence && tags.collectionStyle == .flow && tags.count == 2)
        #expect(tags.items.map { $0.value } == ["a", "b"])
        #expect(tags.value == nil && tags.scalarStyle == nil && tags.entries.isEmpty && tags["a"] == nil)
        #expect(root["none"]!.isNull && root["empty"]!.isNull && root["empty"]!.value == "")
        #expect(root["Null"]!.isNull && !root["price"]!.isNull)
        #expect(try parse("a: 'null'\n").root!["a"]!.isNull == false)
        #expect(try parse("a: nULL\n").root!["a"]!.isNull)
        #expect(try parse("a: nulls\n").root!["a"]!.isNull == false)
    }

    @Test func nodeIdentifiersFollowDocumentOrder() throws {
        let document = try parse(Self.source)
        let root = document.root!
        #expect(root.id == NodeID(index: 0))
        var previous = root.id
        for child in root.children {
            #expect(child.id > previous)
            previous = child.id
            #expect(document.node(child.id).value == child.value)
        }
        #expect(document.nodeCount == 1 + 14 + 2)
    }

    @Test func positionsCountCharactersAndLines() throws {
        let document = try parse("a: 1\n日本: 🍎 x # c\n\"é\": [x, y]\n")
        let root = document.root!
        let second = root.entries[1]
        #expect(second.key.range?.description == "2:1-2:3")
        #expect(second.value.range?.description == "2:5-2:8")
        #expect(second.value.location == SourceLocation(line: 2, column: 5, offset: 13))
        #expect(second.value.startOffset == 13)
        let third = root.entries[2]
        #expect(third.key.range?.description == "3:1-3:4")
        #expect(third.value.items[1].range?.description == "3:10-3:11")
        #expect(document.location(at: 0) == SourceLocation(line: 1, column: 1, offset: 0))
        // Offsets past the end clamp to the end.
        #expect(document.location(at: 10_000).offset == document.source.bytes.count)
        #expect(document.source.lineCount == 3)
        #expect(document.source.text(ofLine: 2) == "日本: 🍎 x # c")
        #expect(document.source.text(ofLine: 4) == "")
    }

    @Test func lineBreaksOfEveryKind() throws {
        let source = SourceText("a\r\nb\rc\nd")
        #expect(source.lineCount == 4)
        #expect((1...4).map { source.text(ofLine: $0) } == ["a", "b", "c", "d"])
        #expect(source.location(at: 3) == SourceLocation(line: 2, column: 1, offset: 3))
        #expect(source.location(at: 5) == SourceLocation(line: 3, column: 1, offset: 5))
        #expect(SourceText("a\n").lineCount == 1)
        #expect(SourceText("").lineCount == 1)
    }

    /// A column found without the table of line starts is the one the table gives, at every
    /// offset of texts with every kind of line break, characters of several bytes and a byte order
    /// mark; and the table is made at the size counted first.
    @Test func columnsWithoutTheTable() {
        let pieces = ["a", "bc", "\n", "\r\n", "\r", "日本", "🍎", " ", "\r\r", "\n\n"]
        var random = SeededGenerator(seed: 0xC0_1A)
        for round in 0..<300 {
            let bytes = random.text(of: pieces, maximumPieces: 30, byteOrderMark: round % 3 == 0)
            let source = SourceText(bytes: bytes)
            for offset in -1...(bytes.count + 1) {
                #expect(source.column(at: offset) == source.location(at: offset).column, "round \(round), offset \(offset)")
            }
        }
        // The table of a long text is made at its size (within a page), not grown to a power of two.
        let long = SourceText(bytes: Array(String(repeating: "line\r\n", count: 100_000).utf8))
        #expect(long.lineStarts.count == 100_001)
        #expect(long.lineStarts.capacity < 100_001 + 1_100)
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstLine() throws {
        let document = try Document(parsing: [0xEF, 0xBB, 0xBF] + Array("key: value\n".utf8))
        #expect(document.source.contentStart == 3)
        #expect(document.root!.location == SourceLocation(line: 1, column: 1, offset: 3))
        #expect(document.root!["key"]!.range?.description == "1:6-1:11")
        #expect(document.formatted() == Array("key: value\n".utf8))
    }

    @Test func commentsAndBlankLinesAsRead() throws {
        let document = try parse(
            """
            # top

            a: 1 # one
            # before b

            b:
              - x
              # after x
            # end
            """)
        let root = document.root!
        #expect(root.trivia.leading.map(\.text) == ["# top"])
        #expect(root.hasBlankLineBefore)
        #expect(root["a"]!.trivia.trailing?.text == "# one")
        let b = root.entries[1].key
        #expect(b.trivia.leading.map(\.text) == ["# before b"])
        #expect(b.trivia.leading.first?.hasBlankLineBefore == false)
        #expect(b.hasBlankLineBefore)
        #expect(root["b"]!.trivia.end.map(\.text) == ["# after x"])
        #expect(root.trivia.end.map(\.text) == ["# end"])
        #expect(document.allComments.map(\.text) == ["# top", "# one", "# before b", "# after x", "# end"])
        // Every comment knows where it was.
        for comment in document.allComments {
            let offset = try #require(comment.offset)
            #expect(document.source.bytes[offset] == UInt8(ascii: "#"))
        }
        #expect(Trivia().isEmpty && !root.trivia.isEmpty)
    }

    @Test func documentsWithoutNodes() throws {
        let empty = try parse("")
        #expect(empty.root == nil && empty.nodeCount == 0 && empty.endComments.isEmpty)
        #expect(empty.formatted().isEmpty)
        let comments = try parse("# one\n\n# two\n")
        #expect(comments.root == nil)
        #expect(comments.endComments.map(\.text) == ["# one", "# two"])
        #expect(comments.endComments.map(\.hasBlankLineBefore) == [false, true])
        #expect(comments.formatted() == Array("# one\n\n# two\n".utf8))
        let bom = try Document(parsing: [0xEF, 0xBB, 0xBF])
        #expect(bom.root == nil)
        let marker = try parse("---\n")
        #expect(marker.root?.isNull == true)
    }

    @Test func scalarValuesKeptOutsideTheSource() throws {
        // Values that differ from their source text (escapes, folding, block scalars) and those that
        // do not (plain, simple quotes) read the same through every accessor.
        let document = try parse("- \"a\\tb\"\n- 'it''s'\n- plain\n- |\n  text\n- \"simple\"\n")
        let items = document.root!.items
        let expected = ["a\tb", "it's", "plain", "text\n", "simple"]
        #expect(items.map { $0.value } == expected)
        for (item, value) in zip(items, expected) {
            #expect(item.hasValue(value))
            #expect(item.valueByteCount == value.utf8.count)
            #expect(item.withValueBytes { Array($0) } == Array(value.utf8))
        }
    }
}
