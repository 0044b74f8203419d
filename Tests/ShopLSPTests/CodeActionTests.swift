import JSON
import ShopCore
import ShopLSP
import Testing
import YAML

/// `textDocument/codeAction`: the findings' fixes in the range, and one action for every safe fix.
@Suite struct CodeActionTests {
    static let findings = "items:\n  - {name: Grüße 😀, prize: 1, prise: 2}\n  - name: \"Käse\"\n    price: \"3,49\"\n"

    static func range(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int) -> JSONValue {
        ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(endLine), "character": .int(end)]]
    }

    func actions(
        _ text: String, range: JSONValue, only: [String]? = nil, encodings: [String]? = nil,
        capabilities: JSONObject = FeatureSession.fullCapabilities
    ) -> (actions: [JSONValue], diagnostics: [JSONValue]) {
        var context: JSONObject = ["diagnostics": []]
        if let only { context["only"] = .array(only.map { .string($0) }) }
        let session = FeatureSession(
            text, encodings: encodings, capabilities: capabilities,
            [("textDocument/codeAction", ["range": range, "context": .object(context)])])
        return (session.result()?.arrayValue ?? [], session.diagnostics)
    }

    func edits(_ action: JSONValue) -> [JSONValue] {
        action["edit"]?["changes"]?[FeatureSession.uri]?.arrayValue ?? []
    }

    @Test func fixesOfTheFindingsInTheRangeInEitherEncoding() throws {
        // "  - {name: Grüße 😀, " is 21 UTF-16 units and 25 bytes long.
        for (encodings, start) in [(nil, 21), (["utf-8"], 25)] as [([String]?, Int)] {
            let (found, published) = actions(Self.findings, range: Self.range(1, start + 2, 1, start + 2), encodings: encodings)
            // The quick fix, then the action for every safe fix beside it.
            try #require(found.count == 2)
            #expect(found[1]["kind"] == "source.fixAll.shop")
            let action = found[0]
            #expect(action["title"] == "rename to \"price\"")
            #expect(action["kind"] == "quickfix")
            #expect(action["isPreferred"] == true)
            #expect(edits(action) == [["range": Self.range(1, start, 1, start + 5), "newText": "price"]])
            // The diagnostic it resolves is the one published.
            #expect(action["diagnostics"] == [published[0]])
            // The second misspelling of the same key is fixed by hand only.
            let second = actions(Self.findings, range: Self.range(1, start + 12, 1, start + 12), encodings: encodings).actions
            try #require(second.count == 1)
            #expect(second[0]["isPreferred"] == nil)
            #expect(edits(second[0]).first?["range"] == Self.range(1, start + 10, 1, start + 15))
            // The decimal comma after the umlauts, with the quotes it is written in.
            let comma = actions(Self.findings, range: Self.range(3, 12, 3, 12), encodings: encodings).actions
            try #require(comma.count == 2)
            #expect(comma.map { $0["title"] } == ["write 3.49", "Apply the 2 safe fixes (shop check --fix)"])
            #expect(edits(comma[0]) == [["range": Self.range(3, 11, 3, 17), "newText": "3.49"]])
        }
    }

    @Test("a quick fix of a value written as a block scalar replaces the value only, not the line after it")
    func fixesOfBlockScalars() throws {
        let cases: [(text: String, line: Int, fixed: String)] = [
            (
                "categories: [Dairy]\nitems:\n  - name: a\n    category: |-\n      Dairi\n    price: 1\n", 3,
                "categories: [Dairy]\nitems:\n  - name: a\n    category: Dairy\n    price: 1\n"
            ),
            ("currency: >-\n  EUo\nitems: []\n", 0, "currency: EUR\nitems: []\n"),
            (
                "categories:\n  - A\n  - |-\n    a\ncurrency: EUR\nitems: []\n", 2,
                "categories:\n  - A\ncurrency: EUR\nitems: []\n"
            ),
        ]
        for (text, line, fixed) in cases {
            let found = actions(text, range: Self.range(line, 0, line, 40), only: ["quickfix"]).actions
            try #require(!found.isEmpty, "\(text)")
            var document = TextDocument(uri: FeatureSession.uri, languageID: "yaml", version: 1, text: text)
            for edit in edits(found[0]) {
                try document.apply(change: ["range": edit["range"] ?? nil, "text": edit["newText"] ?? nil], encoding: .utf16)
            }
            #expect(document.text == fixed, "\(found[0])")
        }
    }

    @Test("a misspelt key is not renamed onto a key the item has: that would write it twice")
    func noRenameOntoAKeyThatIsThere() {
        let text = "items:\n  - name: Rice\n    price: 1\n    prize: 2\n"
        let (found, published) = actions(text, range: Self.range(3, 4, 3, 4), only: ["quickfix"])
        #expect(published.count == 1, "the finding stays")
        #expect(found.isEmpty, "\(found)")
        // Without the price, the rename is the fix.
        let alone = actions("items:\n  - name: Rice\n    prize: 2\n", range: Self.range(2, 4, 2, 4), only: ["quickfix"]).actions
        #expect(alone.map { $0["title"] } == ["rename to \"price\""])
    }

    @Test func theWholeFileActionAppliesWhatCheckFixApplies() throws {
        let text = "currency: EUR\nitems:\n  - name: Milk\n    prize: 1,19\n    done: true\n  - name: Tea\n    price: €2\n"
        let found = actions(text, range: Self.range(0, 0, 0, 0), only: ["source.fixAll"]).actions
        try #require(found.count == 1)
        #expect(found[0]["kind"] == "source.fixAll.shop")
        #expect(found[0]["title"] == "Apply the 4 safe fixes (shop check --fix)")
        var document = TextDocument(uri: FeatureSession.uri, languageID: "yaml", version: 1, text: text)
        for edit in edits(found[0]) {
            try document.apply(change: ["range": edit["range"] ?? nil, "text": edit["newText"] ?? nil], encoding: .utf16)
        }
        // The key respelled, then its decimal comma in a second round, as check --fix goes.
        #expect(document.text == "currency: EUR\nitems:\n  - name: Milk\n    price: 1.19\n    buy: true\n    done: true\n  - name: Tea\n    price: 2.00\n")
        let list = ShoppingList(document: try Document(parsing: text))
        #expect(document.bytes == (try? FixRounds.apply(to: list.document.source.bytes).get())?.bytes)
        // Nothing to fix: no action.
        #expect(actions("items: []\n", range: Self.range(0, 0, 0, 0), only: ["source"]).actions.isEmpty)
    }

    @Test func kindsAskedFor() {
        let everything = Self.range(0, 0, 9, 0)
        #expect(actions(Self.findings, range: everything).actions.map { $0["kind"] } == ["quickfix", "quickfix", "quickfix", "source.fixAll.shop"])
        #expect(actions(Self.findings, range: everything, only: ["quickfix"]).actions.count == 3)
        #expect(actions(Self.findings, range: everything, only: ["source"]).actions.map { $0["kind"] } == ["source.fixAll.shop"])
        #expect(actions(Self.findings, range: everything, only: ["refactor"]).actions.isEmpty)
        // Without a safe fix in the range, the whole-file action does not follow the cursor.
        let unsafeOnly = actions(Self.findings, range: Self.range(1, 33, 1, 33)).actions
        #expect(unsafeOnly.map { $0["kind"] } == ["quickfix"])
        #expect(actions(Self.findings, range: Self.range(0, 0, 0, 3)).actions.isEmpty)
    }

    @Test func aClientWithoutActionLiteralsGetsNone() {
        #expect(actions(Self.findings, range: Self.range(0, 0, 9, 0), capabilities: [:]).actions.isEmpty)
    }

    @Test func badParameters() {
        let session = FeatureSession("items: []\n", [("textDocument/codeAction", ["context": ["diagnostics": []]])])
        #expect(session.response()?.errorCode == ErrorCode.invalidParams.rawValue)
        #expect(FeatureSession("items: []\n", []).messages.first?["result"]?["capabilities"]?["codeActionProvider"] == [
            "codeActionKinds": ["quickfix", "source.fixAll.shop"]
        ])
    }
}
