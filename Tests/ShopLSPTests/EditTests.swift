import JSON
import ShopLSP
import Testing
import TestSupport

/// Incremental changes: applied to a document one by one, they give what the same edits give
/// applied to the plain text, and the line index stays what a fresh index of the text is.
@Suite struct EditTests {
    static func change(_ range: LSPRange?, _ text: String) -> JSONValue {
        guard let range else { return ["text": .string(text)] }
        return ["range": range.json, "text": .string(text)]
    }

    @Test(arguments: PositionEncoding.allCases)
    func randomEditSequences(_ encoding: PositionEncoding) throws {
        var random = SeededGenerator(seed: 42 + UInt64(encoding.rawValue.count))
        for _ in 0..<200 {
            var text = PositionTests.randomText(using: &random, pieces: Int.random(in: 0...30, using: &random))
            var document = TextDocument(uri: "file:///t", languageID: "yaml", version: 1, text: text)
            for _ in 0..<20 {
                let lineCount = PositionTests.lines(of: text).count
                func randomPosition() -> Position {
                    Position(
                        line: Int.random(in: 0...lineCount, using: &random), character: Int.random(in: 0...10, using: &random))
                }
                var start = randomPosition()
                var end = Bool.random(using: &random) ? start : randomPosition()
                let startOffset = PositionTests.slowOffset(start, in: text, encoding)
                let endOffset = PositionTests.slowOffset(end, in: text, encoding)
                if endOffset < startOffset {
                    swap(&start, &end)
                }
                let inserted = PositionTests.randomText(using: &random, pieces: Int.random(in: 0...4, using: &random))
                if Int.random(in: 0..<15, using: &random) == 0 {
                    text = inserted
                    try document.apply(change: Self.change(nil, inserted), encoding: encoding)
                } else {
                    var bytes = Array(text.utf8)
                    bytes.replaceSubrange(min(startOffset, endOffset)..<max(startOffset, endOffset), with: Array(inserted.utf8))
                    text = String(decoding: bytes, as: UTF8.self)
                    try document.apply(change: Self.change(LSPRange(start: start, end: end), inserted), encoding: encoding)
                }
                #expect(document.text == text)
                #expect(document.lines == LineIndex(Array(text.utf8)), "\(text.debugDescription)")
            }
        }
    }

    @Test func lineIndexAcrossJoinedLineEnds() {
        // A CR and an LF brought together by an edit become one line end, and split apart, two.
        var document = TextDocument(uri: "file:///t", languageID: "yaml", version: 1, text: "a\rXb\nc")
        #expect(document.lines.starts == [0, 2, 5])
        document.replace(2..<4, with: "\n")
        #expect(document.text == "a\r\n\nc")
        #expect(document.lines.starts == [0, 3, 4])
        document.replace(2..<2, with: "Y")
        #expect(document.text == "a\rY\n\nc")
        #expect(document.lines.starts == [0, 2, 4, 5])
    }

    @Test func changesThroughTheStore() throws {
        var store = DocumentStore()
        try store.open(["textDocument": ["uri": "file:///x", "languageId": "yaml", "version": 1, "text": "one\ntwo\n"]])
        let change: JSONValue = [
            "textDocument": ["uri": "file:///x", "version": 7],
            "contentChanges": [
                ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 3]], "text": "zwei"],
                ["text": "replaced"],
                ["range": ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 8]], "text": "!"],
            ],
        ]
        try store.change(change, encoding: .utf16)
        #expect(store["file:///x"]?.text == "replaced!")
        #expect(store["file:///x"]?.version == 7)
        // A bad change leaves the document as it was.
        #expect(throws: ResponseError.self) {
            try store.change(
                ["textDocument": ["uri": "file:///x", "version": 8], "contentChanges": [["text": "new"], ["range": "bad", "text": ""]]],
                encoding: .utf16)
        }
        #expect(store["file:///x"]?.text == "replaced!")
        #expect(throws: ResponseError.self) {
            try store.change(["textDocument": ["uri": "file:///other"], "contentChanges": []], encoding: .utf16)
        }
        try store.close(["textDocument": ["uri": "file:///x"]])
        #expect(store["file:///x"] == nil)
    }
}
