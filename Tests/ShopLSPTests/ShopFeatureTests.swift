import JSON
import ShopCore
import ShopLSP
import Testing
import TestSupport
import YAML

/// The shop features through the server: check findings as diagnostics, fmt as formatting edits.
@Suite struct ShopFeatureTests {
    static let uri = "file:///list/shopping.yaml"
    static let findings = "items:\n  - {name: Grüße 😀, prize: 1}\n  - name: \"Käse\"\n    price: \"3,49\"\n    category: Dairy\ncategories: [Produce]\n"

    func session(_ encodings: [String]?, _ input: [UInt8]) -> [JSONValue] {
        runServer(
            Frames.initialize(encodings: encodings) + input + Frames.shutdownAndExit, features: ShopLanguageFeatures.make()
        ).messages
    }

    func publishedDiagnostics(_ messages: [JSONValue]) -> [JSONValue] {
        messages.filter { $0["method"] == "textDocument/publishDiagnostics" }.compactMap { $0["params"] }
    }

    static func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
        ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(line), "character": .int(end)]]
    }

    @Test func findingsAreDiagnosticsInEitherEncoding() throws {
        for (encodings, prizeStart) in [(["utf-8"], 25), (nil, 21)] as [([String]?, Int)] {
            let messages = session(encodings, Frames.didOpen(Self.uri, Self.findings, version: 3))
            let published = try #require(publishedDiagnostics(messages).first)
            #expect(published["uri"] == .string(Self.uri))
            #expect(published["version"] == 3)
            let diagnostics = try #require(published["diagnostics"]?.arrayValue)
            #expect(diagnostics.count == 3)
            #expect(
                diagnostics[0] == [
                    "range": Self.range(1, prizeStart, prizeStart + 5), "severity": 2, "code": "unknown-key", "source": "shop",
                    "message": "unknown key \"prize\" (did you mean \"price\"?)",
                ])
            // A quoted value: the quotes belong to it.
            #expect(diagnostics[1]["range"] == Self.range(3, 11, 17))
            #expect(diagnostics[1]["severity"] == 1)
            #expect(diagnostics[1]["code"] == "bad-price")
            #expect(diagnostics[2]["range"] == Self.range(4, 14, 19))
        }
    }

    @Test func syntaxErrorsAreDiagnostics() throws {
        let messages = session(nil, Frames.didOpen(Self.uri, "items:\n  - name: \"unclosed\n"))
        let diagnostics = try #require(publishedDiagnostics(messages).first?["diagnostics"]?.arrayValue)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] == "syntax")
        #expect(diagnostics.first?["range"] == Self.range(1, 10, 19))
        // A clean list publishes an empty list, and fixing a document clears what it had.
        let fixed = Frames.notification(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(Self.uri), "version": 2], "contentChanges": [["text": "items: []\n"]]])
        let later = publishedDiagnostics(session(nil, Frames.didOpen(Self.uri, "items:\n  - name: \"unclosed\n") + fixed))
        #expect(later.count == 2)
        #expect(later.last?["diagnostics"] == [])
    }

    @Test func anUnclosedQuoteIsShownWhereItOpens() throws {
        // The quote on line 2 is not closed there: its text runs on to the `"` on line 4, where
        // the YAML reader stops. The diagnostic starts at the quote, in either encoding (the quote
        // is after `Grüße 😀`, 32 bytes or 28 UTF-16 units into its line).
        let text = "items:\n  - {name: Grüße 😀, notes: \"x}\n  - name: Milk\n    notes: \"y\"\n"
        for (encodings, quoteStart) in [(["utf-8"], 32), (nil, 28)] as [([String]?, Int)] {
            let messages = session(encodings, Frames.didOpen(Self.uri, text))
            let diagnostics = try #require(publishedDiagnostics(messages).first?["diagnostics"]?.arrayValue)
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?["code"] == "syntax")
            #expect(diagnostics.first?["range"] == Self.range(1, quoteStart, quoteStart + 3))
            #expect(diagnostics.first?["message"]?.stringValue?.hasPrefix("the \" opened here is not closed on its line") == true)
        }
        // A quote never closed, in single quotes, in a file with CRLF line breaks.
        let crlf = "items:\r\n  - name: 'Tis the season\r\n    price: 3\r\n  - name: Milk\r\n"
        let diagnostics = try #require(publishedDiagnostics(session(nil, Frames.didOpen(Self.uri, crlf))).first?["diagnostics"]?.arrayValue)
        #expect(diagnostics.first?["range"] == Self.range(1, 10, 14))
    }

    @Test func aDocumentOpenedAgainIsReadAgain() throws {
        let close = Frames.notification("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
        let published = publishedDiagnostics(
            session(nil, Frames.didOpen(Self.uri, "items: []\n") + close + Frames.didOpen(Self.uri, "items: [1]\n")))
        #expect(published.count == 3)
        #expect(published[2]["diagnostics"]?[0]?["code"] == "structure")
    }

    func formatting(_ text: String, encodings: [String]? = nil) -> JSONValue? {
        let request = Frames.request(
            5, "textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": ["tabSize": 2, "insertSpaces": true]])
        return session(encodings, Frames.didOpen(Self.uri, text) + request).first { $0["id"] == 5 }
    }

    @Test func formattingGivesTheCanonicalText() throws {
        let text = "# Groceries\nitems:\n- price: 3.5\n  name: Grüße 😀   # note\n  buy: yes\n- name: Bread\n"
        let formatted = try String(decoding: CanonicalForm.format(Document(parsing: text)), as: UTF8.self)
        #expect(formatted != text)
        for encodings in [nil, ["utf-8"]] as [[String]?] {
            let response = try #require(formatting(text, encodings: encodings))
            let edits = try #require(response["result"]?.arrayValue)
            #expect(edits.count == 1)
            var document = TextDocument(uri: Self.uri, languageID: "yaml", version: 1, text: text)
            try document.apply(change: try #require(edits.first).objectValue.map { edit in
                ["range": edit["range"] ?? nil, "text": edit["newText"] ?? nil]
            } ?? nil, encoding: encodings == nil ? .utf16 : .utf8)
            #expect(document.text == formatted)
        }
        // The first two lines are the same, so the edit starts after them.
        #expect(formatting(text)?["result"]?[0]?["range"]?["start"] == ["line": 2, "character": 0])
    }

    @Test func formattingACanonicalDocumentGivesNoEdits() throws {
        #expect(formatting("items:\n  - name: Bread\n")?["result"] == [])
    }

    @Test func formattingAnUnreadableDocumentIsAnError() throws {
        let response = try #require(formatting("items:\n  - name: \"unclosed\n"))
        #expect(response.errorCode == ErrorCode.requestFailed.rawValue)
        #expect(response["error"]?["message"]?.stringValue?.hasPrefix("the document cannot be formatted: line 2, column 11: ") == true)
        // A document that is not open.
        let unknown = session(nil, Frames.request(6, "textDocument/formatting", ["textDocument": ["uri": "file:///nope"]]))
        #expect(unknown.first { $0["id"] == 6 }?.errorCode == ErrorCode.invalidParams.rawValue)
        let noParams = session(nil, Frames.request(7, "textDocument/formatting", [:]))
        #expect(noParams.first { $0["id"] == 7 }?["error"]?["message"] == "'textDocument' is missing")
    }

    @Test func formattingIsAnnounced() {
        let capabilities = session(nil, []).first?["result"]?["capabilities"]
        #expect(capabilities?["documentFormattingProvider"] == true)
    }
}
